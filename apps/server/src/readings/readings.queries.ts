// The readings queries the background work and the portability features make: the week of a
// summary, whether a reminder's measure was recorded, the export's pages, the import's duplicates
// and its batched insert, and what housekeeping purges. With readings.repository.ts (the calls the
// apps make, bound to a live session) this is the one place that reads and writes health_records
// (docs/decisions/0045-readings-module.md). Every query names the owner.
import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { HealthTag, NormalisedReading } from '@vitalia/api/records.contract';
import type { Database } from '../db/database.ts';
import { healthRecords, readingIdempotencyKeys } from '../db/schema/records.table.ts';
import { timeOrderedId } from '../db/time-ordered-id.ts';
import { readingColumns, takenNoLaterThan } from './reading-columns.ts';
import type { ReadingRow } from './readings.repository.ts';

type Reader = Pick<Database, 'select'>;

/** The person's readings taken in [from, to), oldest first. */
export async function readingsTakenBetween(
  db: Reader,
  userId: string,
  from: Date,
  to: Date,
): Promise<ReadingRow[]> {
  return db
    .select()
    .from(healthRecords)
    .where(
      and(
        eq(healthRecords.userId, userId),
        gte(healthRecords.takenAt, from),
        lt(healthRecords.takenAt, to),
      ),
    )
    .orderBy(asc(healthRecords.takenAt), asc(healthRecords.id));
}

/** The person's newest reading of a tag taken before an instant, if any. */
export async function newestBefore(
  db: Reader,
  userId: string,
  tag: HealthTag,
  before: Date,
): Promise<ReadingRow | undefined> {
  const [row] = await db
    .select()
    .from(healthRecords)
    .where(
      and(
        eq(healthRecords.userId, userId),
        eq(healthRecords.tag, tag),
        lt(healthRecords.takenAt, before),
      ),
    )
    .orderBy(desc(healthRecords.takenAt), desc(healthRecords.id))
    .limit(1);
  return row;
}

/** True when the person saved a reading of the tag after an instant (whenever it was taken). */
export async function recordedSince(
  db: Reader,
  userId: string,
  tag: HealthTag,
  since: Date,
): Promise<boolean> {
  const [recorded] = await db
    .select({ id: healthRecords.id })
    .from(healthRecords)
    .where(
      and(
        eq(healthRecords.userId, userId),
        eq(healthRecords.tag, tag),
        gt(healthRecords.createdAt, since),
      ),
    )
    .limit(1);
  return recorded !== undefined;
}

export const READING_PAGE_SIZE = 500;

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
  importedFrom: healthRecords.importedFrom,
  importFormat: healthRecords.importFormat,
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

/**
 * Every reading of the person, oldest first, read a page at a time by (taken_at, id) so that a
 * history of any length is never held in memory at once: each page is used before the next is
 * read. Timestamps keep microseconds in the database and only milliseconds in JavaScript, so the
 * cursor carries taken_at as the database's own text rather than a Date (a Date would re-read a row).
 */
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

/** What tells two readings apart for the import: tag, time and values. */
export interface ReadingIdentity {
  tag: string;
  takenAt: Date;
  tagValue: string;
  minTagValue: string | null;
}

/** The person's readings taken between two instants (inclusive), as their identities. */
export async function identitiesTakenBetween(
  db: Reader,
  userId: string,
  span: { from: Date; to: Date },
): Promise<ReadingIdentity[]> {
  return db
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
}

/** A reading to write; an imported one says which file it came from. */
export type NewReading = NormalisedReading & {
  takenAt: string;
  importedFrom?: string | null;
  importFormat?: string | null;
};

/** The columns insertReadings fills, each with its PostgreSQL array type for unnest. */
const insertedColumns = [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['tag', 'text'],
  ['tag_value', 'text'],
  ['min_tag', 'text'],
  ['min_tag_value', 'text'],
  ['narration', 'text'],
  ['device', 'text'],
  ['report', 'text'],
  ['note', 'text'],
  ['weight', 'text'],
  ['direct_from_device', 'boolean'],
  ['entered_value', 'text'],
  ['entered_unit', 'text'],
  ['imported_from', 'text'],
  ['import_format', 'text'],
  ['taken_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

type InsertedColumn = (typeof insertedColumns)[number][0];

/** Readings per INSERT statement. */
export const INSERT_CHUNK = 1000;

/** Gives the event loop a turn: other people's requests are answered between two chunks. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes the readings in the caller's transaction, 1,000 to a statement: each column goes as one
 * array parameter and `unnest` turns the arrays back into rows, so the ORM builds no parameter
 * list row by row. Between two statements the event loop takes a turn. One statement for a whole
 * import of 100,000 readings held the event loop for 2.7 s on PostgreSQL (building and sending
 * its arrays) and 17-19 s on the embedded database, which runs queries on the server's own
 * thread: nobody else was answered meanwhile (docs/decisions/0031-importing-readings.md). Ids
 * are made here, in the readings' order, as the table's default makes them (db/time-ordered-id.ts).
 */
export async function insertReadings(
  tx: Database,
  userId: string,
  readings: readonly NewReading[],
): Promise<void> {
  const now = new Date();
  for (let start = 0; start < readings.length; start += INSERT_CHUNK) {
    if (start > 0) await nextTurn();
    await insertChunk(tx, userId, readings.slice(start, start + INSERT_CHUNK), now);
  }
}

async function insertChunk(
  tx: Database,
  userId: string,
  readings: readonly NewReading[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const values = Object.fromEntries(
    insertedColumns.map(([name]) => [name, new Array<unknown>(readings.length)]),
  ) as Record<InsertedColumn, unknown[]>;
  readings.forEach((reading, index) => {
    const columns = readingColumns(reading);
    values.id[index] = timeOrderedId(now.getTime());
    values.user_id[index] = userId;
    values.tag[index] = columns.tag;
    values.tag_value[index] = columns.tagValue;
    values.min_tag[index] = columns.minTag ?? null;
    values.min_tag_value[index] = columns.minTagValue ?? null;
    values.narration[index] = columns.narration ?? null;
    values.device[index] = columns.device ?? null;
    values.report[index] = columns.report ?? null;
    values.note[index] = columns.note ?? null;
    values.weight[index] = columns.weight ?? null;
    values.direct_from_device[index] = columns.directFromDevice ?? false;
    values.entered_value[index] = columns.enteredValue ?? null;
    values.entered_unit[index] = columns.enteredUnit ?? null;
    values.imported_from[index] = reading.importedFrom ?? null;
    values.import_format[index] = reading.importFormat ?? null;
    values.taken_at[index] = takenNoLaterThan(reading.takenAt, now).toISOString();
    values.created_at[index] = at;
    values.updated_at[index] = at;
  });
  const names = sql.raw(insertedColumns.map(([name]) => `"${name}"`).join(', '));
  const arrays = sql.join(
    insertedColumns.map(([name, type]) => sql`${sql.param(values[name])}::${sql.raw(type)}[]`),
    sql`, `,
  );
  await tx.execute(sql`insert into ${healthRecords} (${names}) select * from unnest(${arrays})`);
}

/**
 * What housekeeping purges of the readings' tables: the idempotency keys of readings sent more
 * than a lifetime ago (docs/decisions/0033-idempotent-readings.md), by their primary key.
 */
export const expiredIdempotencyKeys = {
  table: readingIdempotencyKeys,
  key: [readingIdempotencyKeys.userId, readingIdempotencyKeys.key],
  createdBy: (before: Date) => lte(readingIdempotencyKeys.createdAt, before),
} as const;

/** How many readings the person imported since an instant (an import's daily cap counts them). */
export async function importedSince(
  db: Pick<Database, 'select'>,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ readings: count() })
    .from(healthRecords)
    .where(
      and(
        eq(healthRecords.userId, userId),
        isNotNull(healthRecords.importFormat),
        gt(healthRecords.createdAt, since),
      ),
    );
  return Number(row?.readings ?? 0);
}
