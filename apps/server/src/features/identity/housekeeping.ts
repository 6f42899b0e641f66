// Housekeeping: once an hour (jobs/background-work.ts) the job queue removes rows that no longer
// do anything, in batches of short statements so that no request waits behind a long one:
// sessions past their life (with their refresh tokens), refresh tokens past their life that were
// never used (a used one stays as long as its session, to recognise its reuse), mail links and
// two-factor challenges past their life (a spent one stays until then, so that using it twice
// keeps its own answer), registrations whose link has expired (decision 0051), attempt counters whose window has ended, and the Idempotency-Keys of
// readings a day old (decision 0033). Decision 0020. It is also the backstop of account deletion
// (decision 0032): accounts whose grace has ended are purged.
import { and, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '@vitalia/api/records.contract';
import type { Database } from '../../db/database.ts';
import {
  emailTokens,
  mfaChallenges,
  pendingRegistrations,
  refreshTokens,
  sessions,
} from '../../db/schema/identity.table.ts';
import { attemptCounters } from '../../db/schema/rate-limit.table.ts';
import { expiredIdempotencyKeys } from '../../readings/readings.queries.ts';
import { refreshTokenLifetimeMs } from './session.service.ts';

export interface PurgeCounts {
  sessions: number;
  refreshTokens: number;
  emailTokens: number;
  mfaChallenges: number;
  pendingRegistrations: number;
  attemptCounters: number;
  readingIdempotencyKeys: number;
}

/**
 * Deletes the rows of `table` that `where` picks, `batchSize` at a time; returns how many. `key`
 * is the primary key: one column, or the columns of a composite one.
 */
async function purgeInBatches(
  db: Database,
  table: PgTable,
  key: PgColumn | [PgColumn, ...PgColumn[]],
  where: SQL | undefined,
  batchSize: number,
): Promise<number> {
  const [first, ...rest] = Array.isArray(key) ? key : [key];
  const columns = [first, ...rest];
  let total = 0;
  for (;;) {
    const batch = db
      .select(Object.fromEntries(columns.map((column, index) => [`k${index}`, column])))
      .from(table)
      .where(where)
      .limit(batchSize);
    const picked =
      rest.length === 0 ? inArray(first, batch) : sql`(${sql.join(columns, sql`, `)}) in ${batch}`;
    const deleted = await db.delete(table).where(picked).returning({ key: first });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
    // Let the requests waiting for the database in between.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function purgeExpired(
  db: Database,
  now: Date,
  { batchSize = 1000 }: { batchSize?: number } = {},
): Promise<PurgeCounts> {
  // A revoked session is kept until every refresh token it had has expired anyway.
  const revokedLongAgo = new Date(now.getTime() - refreshTokenLifetimeMs);
  return {
    sessions: await purgeInBatches(
      db,
      sessions,
      sessions.id,
      or(lte(sessions.absoluteExpiresAt, now), lte(sessions.revokedAt, revokedLongAgo)),
      batchSize,
    ),
    refreshTokens: await purgeInBatches(
      db,
      refreshTokens,
      refreshTokens.tokenHash,
      and(isNull(refreshTokens.usedAt), lte(refreshTokens.expiresAt, now)),
      batchSize,
    ),
    emailTokens: await purgeInBatches(
      db,
      emailTokens,
      emailTokens.tokenHash,
      lte(emailTokens.expiresAt, now),
      batchSize,
    ),
    mfaChallenges: await purgeInBatches(
      db,
      mfaChallenges,
      mfaChallenges.secretHash,
      lte(mfaChallenges.expiresAt, now),
      batchSize,
    ),
    pendingRegistrations: await purgeInBatches(
      db,
      pendingRegistrations,
      pendingRegistrations.username,
      lte(pendingRegistrations.expiresAt, now),
      batchSize,
    ),
    attemptCounters: await purgeInBatches(
      db,
      attemptCounters,
      attemptCounters.key,
      lte(attemptCounters.windowEndsAt, now),
      batchSize,
    ),
    readingIdempotencyKeys: await purgeInBatches(
      db,
      expiredIdempotencyKeys.table,
      [...expiredIdempotencyKeys.key],
      expiredIdempotencyKeys.createdBy(new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS)),
      batchSize,
    ),
  };
}
