// What the import reads and writes: the person's saved readings in the file's time span (to find
// duplicates), and the new readings, all in one transaction under a lock on the person's row so
// two imports of the same file at once cannot both add (docs/decisions/0031-importing-readings.md).
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { users } from '../../../db/schema/identity.table.ts';
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

/**
 * Runs `work` in a transaction holding the person's row FOR UPDATE: a second import of the same
 * person waits until the first has committed, then finds its readings saved. Null when the
 * account is gone.
 */
export async function underPersonLock<T>(
  db: Database,
  userId: string,
  work: (tx: Database) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!person) return null;
    return work(tx as unknown as Database);
  });
}
