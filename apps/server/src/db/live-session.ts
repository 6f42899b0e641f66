// The caller's session while it lives, as the start of any read (docs/decisions/0037-one-round-trip-reads.md).
// It is the only definition of a live session: the two-step check of plugins/auth.ts reads it
// alone, and the hot reads select from it and join their data to it, so that one statement checks
// the session and reads the data. Selected from `sessions` joined to `users` and filtered by
// `liveSessionCondition`, it gives one row (the user's id, role and name, and whatever the read
// joins) while the session is the token's, not revoked and not past its end, and none otherwise: a
// read built on it answers nothing for a signed-out caller, in the same snapshot as the revocation.
// Its columns are the tables' own, not a subquery's, because drizzle maps a subquery's columns
// several times slower, which on a page of fifty readings cost more than the query.
import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '@vitalia/api/identity.contract';
import type { Database } from './database.ts';
import { sessions, users } from './schema/identity.table.ts';

/** Which session is asking: the access token's sid and sub, and the time to judge its end by. */
interface SessionKeyParts {
  sid: string | Placeholder | SQL;
  sub: string | Placeholder | SQL;
  now: Date | Placeholder | SQL;
}

declare const parts: unique symbol;
/**
 * The key of the caller's session, sealed: plugins/auth.ts makes it from a verified token, and
 * only this file reads its parts, into the live-session condition of a read. A route that checked
 * only the token therefore cannot learn who is calling, or read their rows, except through a read
 * built on this key, whose answer `admitted` turns into the request's user.
 */
export interface SessionKey {
  readonly [parts]: SessionKeyParts;
}

export function sealSessionKey(key: SessionKeyParts): SessionKey {
  return key as unknown as SessionKey;
}

const partsOf = (key: SessionKey) => key as unknown as SessionKeyParts;

/** The values a prepared statement built on `sessionPlaceholders` is executed with. */
export function sessionKeyValues(key: SessionKey): { sid: string; sub: string; now: Date } {
  return partsOf(key) as { sid: string; sub: string; now: Date };
}

/** What a read made with the caller's session tells about them. */
export interface LiveSessionRow {
  userId: string;
  role: Role;
  username: string;
}

/** The caller's columns, to select as `session` beside a read's own. */
export const sessionColumns = {
  userId: sessions.userId,
  role: users.role,
  username: users.username,
};

/** The caller's user id, for a read's conditions on the person's own rows. */
export const callerId = sessions.userId;

/**
 * `db.select(fields).from(sessions)` joined to the session's user: add the read's joins, then
 * `.where(liveSessionCondition(key))`.
 */
export function fromSessions<Fields extends Parameters<Database['select']>[0] & object>(
  db: Database,
  fields: Fields,
) {
  return db.select(fields).from(sessions).innerJoin(users, eq(users.id, sessions.userId));
}

/** The session is the token's, not revoked and not past its absolute end. */
export function liveSessionCondition(key: SessionKey): SQL {
  const { sid, sub, now } = partsOf(key);
  return and(
    eq(sessions.id, sid),
    eq(sessions.userId, sub),
    isNull(sessions.revokedAt),
    gt(sessions.absoluteExpiresAt, now),
  )!;
}

/** A SessionKey of named placeholders, for prepared statements: execute with { sid, sub, now }. */
export const sessionPlaceholders: SessionKey = sealSessionKey({
  sid: sql.placeholder('sid'),
  sub: sql.placeholder('sub'),
  now: sql.placeholder('now'),
});
