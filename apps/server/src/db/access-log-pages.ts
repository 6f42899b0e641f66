// Reading a person's care-sharing access log (docs/decisions/0029-care-sharing.md) a page at a
// time, and its rows as CSV cells. The Sharing page's log and its CSV file (features/sharing)
// and the data export's sharing-log.csv (features/portability/export) both read it, so it lives
// below both.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from './database.ts';
import { accessLog } from './schema/sharing.table.ts';

export type AccessLogRow = typeof accessLog.$inferSelect;

export const accessLogPageSize = 50;

/** One page of the person's log, newest first; `before` is the id the previous page ended at. */
export async function accessLogPage(
  db: Database,
  patientId: string,
  before: number | undefined,
  limit = accessLogPageSize,
): Promise<{ rows: AccessLogRow[]; next: number | null }> {
  const rows = await db
    .select()
    .from(accessLog)
    .where(
      and(
        eq(accessLog.patientId, patientId),
        ...(before === undefined ? [] : [lt(accessLog.id, before)]),
      ),
    )
    .orderBy(desc(accessLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** Every entry of the person's log, newest first, a page at a time (for the CSV files). */
export async function* wholeAccessLog(
  db: Database,
  patientId: string,
): AsyncGenerator<AccessLogRow> {
  let before: number | undefined;
  for (;;) {
    const { rows, next } = await accessLogPage(db, patientId, before, 500);
    yield* rows;
    if (next === null) return;
    before = next;
  }
}

/** The columns of the log's CSV file, in order. */
export const ACCESS_LOG_CSV_COLUMNS = ['time', 'who', 'action', 'what', 'client', 'address'];

/** One entry as the CSV file's cells: the time in UTC, ISO 8601. */
export function accessLogCsvCells(row: AccessLogRow): Array<string | null> {
  return [row.at.toISOString(), row.who, row.action, row.what, row.client, row.address];
}
