// The caller's session while it lives, as a subquery that any read can join
// (docs/decisions/0037-one-round-trip-reads.md). It is the only definition of a live session: the
// two-step check of plugins/auth.ts selects from it, and the hot reads join it, so that one
// statement checks the session and reads the data. It has one row (the user's id, role and name)
// while the session is the token's, not revoked and not past its end, and none otherwise: a read
// joined to it answers nothing for a signed-out caller, in the same snapshot as the revocation.
import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Role } from '@vitalia/api/identity.contract';
import type { Database } from './database.ts';
import { sessions, users } from './schema/identity.table.ts';

/** Which session is asking: the access token's sid and sub, and the time to judge its end by. */
export interface SessionKey {
  sid: string | Placeholder | SQL;
  sub: string | Placeholder | SQL;
  now: Date | Placeholder | SQL;
}

/** What the live_session subquery answers for the caller. */
export interface LiveSessionRow {
  userId: string;
  role: Role;
  username: string;
}

/** The subquery `live_session`: userId, role and username of the caller while the session lives. */
export function liveSession(db: Database, key: SessionKey) {
  return db
    .select({ userId: sessions.userId, role: users.role, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, key.sid),
        eq(sessions.userId, key.sub),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, key.now),
      ),
    )
    .as('live_session');
}

/** The live_session subquery's columns, to select them as one nested object of a wider read. */
export const sessionFields = (live: ReturnType<typeof liveSession>) => ({
  userId: live.userId,
  role: live.role,
  username: live.username,
});

/** A SessionKey of named placeholders, for prepared statements: execute with { sid, sub, now }. */
export const sessionPlaceholders: SessionKey = {
  sid: sql.placeholder('sid'),
  sub: sql.placeholder('sub'),
  now: sql.placeholder('now'),
};
