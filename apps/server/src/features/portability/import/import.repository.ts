// What the import reads and writes: the person's saved readings in the file's time span (to find
// duplicates), and the new readings, all in one transaction under a lock on the person's row so
// two imports of the same file at once cannot both add (docs/decisions/0031-importing-readings.md).
import { and, eq, gte, lte } from 'drizzle-orm';
import type { NormalisedReading } from '@vitalia/api/records.contract';
import type { Database } from '../../../db/database.ts';
import { readingColumns } from '../../../db/reading-columns.ts';
import { users } from '../../../db/schema/identity.table.ts';
import { healthRecords } from '../../../db/schema/records.table.ts';
import { duplicateKey } from './import-rows.ts';

type Reader = Pick<Database, 'select'>;

/** Rows per INSERT statement: 15 columns each stays far below PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 1000;

export type NewReading = NormalisedReading & { takenAt: string };

/** The duplicate keys of the person's readings taken between two instants (inclusive). */
export async function savedKeys(
  db: Reader,
  userId: string,
  span: { from: Date; to: Date } | null,
): Promise<Set<string>> {
  if (span === null) return new Set();
  const rows = await db
    .select({
      tag: healthRecords.tag,
      takenAt: healthRecords.takenAt,
      tagValue: healthRecords.tagValue,
      minTagValue: healthRecords.minTagValue,
    })
    .from(healthRecords)
    .where(
      and(
        eq(healthRecords.userId, userId),
        gte(healthRecords.takenAt, span.from),
        lte(healthRecords.takenAt, span.to),
      ),
    );
  return new Set(rows.map(duplicateKey));
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

/** Writes the readings, in batches, in the caller's transaction. */
export async function insertReadings(
  tx: Database,
  userId: string,
  readings: readonly NewReading[],
): Promise<void> {
  const now = new Date();
  for (let start = 0; start < readings.length; start += INSERT_BATCH) {
    await tx.insert(healthRecords).values(
      readings.slice(start, start + INSERT_BATCH).map((reading) => ({
        userId,
        ...readingColumns(reading),
        takenAt: new Date(reading.takenAt),
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
}
