// A person's readings, oldest first, read a page at a time by (taken_at, id) so that a history of
// any length is never held in memory at once: each page is written out before the next is read.
// Timestamps keep microseconds in the database and only milliseconds in JavaScript, so the cursor
// carries taken_at as the database's own text rather than a Date (a Date would re-read a row).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { healthRecords } from '../../../db/schema/records.table.ts';

export type ReadingRow = typeof healthRecords.$inferSelect;

export const READING_PAGE_SIZE = 500;

/** The database's clock as text, exact to the microsecond: where the archive's snapshot ends. */
export async function databaseNow(db: Database): Promise<string> {
  const result = (await db.execute(sql`select now()::text as now`)) as {
    rows: Array<{ now: string }>;
  };
  const now = result.rows[0]?.now;
  if (!now) throw new Error('the database did not say what time it is');
  return now;
}

const tableColumns = {
  id: healthRecords.id,
  userId: healthRecords.userId,
  tag: healthRecords.tag,
  tagValue: healthRecords.tagValue,
  minTag: healthRecords.minTag,
  minTagValue: healthRecords.minTagValue,
  narration: healthRecords.narration,
  device: healthRecords.device,
  report: healthRecords.report,
  note: healthRecords.note,
  weight: healthRecords.weight,
  directFromDevice: healthRecords.directFromDevice,
  takenAt: healthRecords.takenAt,
  enteredValue: healthRecords.enteredValue,
  enteredUnit: healthRecords.enteredUnit,
  createdAt: healthRecords.createdAt,
  updatedAt: healthRecords.updatedAt,
};

export interface ReadingPagesOptions {
  userId: string;
  /** Readings created after this instant (database text) are left out: both files agree. */
  createdUpTo: string;
  pageSize?: number;
  /** Told of every page read, with its number of rows (the route logs the count). */
  onPage?: (rows: number) => void;
}

export async function* readingsOldestFirst(
  db: Database,
  { userId, createdUpTo, pageSize = READING_PAGE_SIZE, onPage }: ReadingPagesOptions,
): AsyncGenerator<ReadingRow> {
  let after: { takenAt: string; id: string } | null = null;
  for (;;) {
    const rows: Array<ReadingRow & { cursorTakenAt: string }> = await db
      .select({
        ...tableColumns,
        cursorTakenAt: sql<string>`${healthRecords.takenAt}::text`,
      })
      .from(healthRecords)
      .where(
        and(
          eq(healthRecords.userId, userId),
          sql`${healthRecords.createdAt} <= ${createdUpTo}::timestamptz`,
          after === null
            ? undefined
            : sql`(${healthRecords.takenAt}, ${healthRecords.id}) > (${after.takenAt}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(asc(healthRecords.takenAt), asc(healthRecords.id))
      .limit(pageSize);
    onPage?.(rows.length);
    for (const { cursorTakenAt: _cursor, ...row } of rows) yield row;
    const last = rows.at(-1);
    if (last === undefined || rows.length < pageSize) return;
    after = { takenAt: last.cursorTakenAt, id: last.id };
  }
}
