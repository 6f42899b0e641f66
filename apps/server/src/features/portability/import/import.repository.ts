// What the import reads and writes: the person's saved readings in the file's time span (to find
// duplicates), and the new readings, all in one transaction under a lock that is the person's
// own, so two imports of the same file at once cannot both add, and nobody else waits
// (docs/decisions/0031-importing-readings.md).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { users } from '../../../db/schema/identity.table.ts';
import { AppError } from '../../../plugins/errors.ts';
import { identitiesTakenBetween } from '../../../readings/readings.queries.ts';

import { duplicateKey } from './import-rows.ts';

type Reader = Pick<Database, 'select'>;

/** The duplicate keys of the person's readings taken between two instants (inclusive). */
export async function savedKeys(
  db: Reader,
  userId: string,
  span: { from: Date; to: Date } | null,
): Promise<Set<string>> {
  if (span === null) return new Set();
  return new Set((await identitiesTakenBetween(db, userId, span)).map(duplicateKey));
}

/** How long an import waits for the person's own earlier import before answering 503. */
export const IMPORT_LOCK_WAIT_SECONDS = 10;

/** PostgreSQL's lock_not_available: a lock_timeout passed. */
const LOCK_NOT_AVAILABLE = '55P03';

const busy = () =>
  new AppError(
    503,
    'IMPORT_BUSY',
    'Another import of yours is still being written. Nothing of this file was added: try again in a minute, and what the other import added will be skipped as duplicates.',
    { 'retry-after': '60' },
  );

function isLockTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
  }
  return false;
}

/**
 * Runs `work` in a transaction holding a lock of the person's imports only: a transaction-level
 * advisory lock keyed by the account, so a second import of the same person waits until the first
 * has committed, then finds its readings saved. The person's row is only read FOR KEY SHARE (it
 * cannot be deleted under the import), which conflicts with nothing another request takes: a row
 * lock FOR UPDATE on it made every reading, session and access-log row of anyone referencing it
 * wait, holding connections of the shared pool. A wait past IMPORT_LOCK_WAIT_SECONDS answers 503
 * with Retry-After to that person alone. Null when the account is gone.
 */
export async function underPersonLock<T>(
  db: Database,
  userId: string,
  work: (tx: Database) => Promise<T>,
  waitSeconds: number = IMPORT_LOCK_WAIT_SECONDS,
): Promise<T | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${Math.round(waitSeconds * 1000)}ms'`));
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`import:${userId}`}, 0))`,
      );
      // The bound is for the wait on the person's own imports; the writes wait as any would.
      await tx.execute(sql.raw(`set local lock_timeout = 0`));
      const [person] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('key share');
      if (!person) return null;
      return work(tx as unknown as Database);
    });
  } catch (error) {
    if (isLockTimeout(error)) throw busy();
    throw error;
  }
}
