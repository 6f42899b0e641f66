// Health readings in the database. Every query names the owner, so a reading of another person is
// never read, changed or deleted: to them it does not exist. docs/records-indexes.md shows the
// plans of the newest-reading and history queries on PostgreSQL.
import { createHash } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  sql,
  type SQL,
  type Placeholder,
  type SQLWrapper,
} from 'drizzle-orm';
import type {
  HealthReading,
  HealthTag,
  HistoryOrder,
  NormalisedReading,
} from '@vitalia/api/records.contract';
import type { WireReading } from '@vitalia/health/analysis';
import type { Database } from '../db/database.ts';
import { conditionsOf, type SavedConditions } from '../db/assessment-answers.ts';
import {
  callerId,
  fromSessions,
  liveSessionCondition,
  sessionColumns,
  sessionPlaceholders,
  type LiveSessionRow,
  sessionKeyValues,
  type SessionKey,
} from '../db/live-session.ts';
import { readingColumns, takenNoLaterThan } from './reading-columns.ts';
import { urgentPressure } from './urgent-pressure.sql.ts';
import { chosenOf } from './chosen-measures.ts';
import { users } from '../db/schema/identity.table.ts';
import { healthRecords, readingIdempotencyKeys } from '../db/schema/records.table.ts';
import type { HistoryPosition } from './history.cursor.ts';

export type ReadingRow = typeof healthRecords.$inferSelect;

/** The last week's blood pressure and blood sugar, averaged. */
export interface WeekAverages {
  /** Urgent readings are left out of the mean and counted in `urgent` (urgent-pressure.sql.ts). */
  pressure: { count: number; systolic: number | null; diastolic: number | null; urgent: number };
  sugar: { count: number; average: number | null };
}

/** The answer to recording a reading, as first sent or sent again for the same key. */
export interface StoredAnswer {
  statusCode: number;
  reading: HealthReading;
  /** True when this is the answer of an earlier request with the same key. */
  replayed: boolean;
}

/** A stored reading as the interpreter reads it (packages/health analyseReading). */
export function wireReadingOf(row: ReadingRow): WireReading {
  return {
    tagValue: row.tagValue,
    minTagValue: row.minTagValue,
    narration: row.narration,
    takenAt: row.takenAt,
    enteredValue: row.enteredValue,
    enteredUnit: row.enteredUnit,
  };
}

export function toReading(row: ReadingRow): HealthReading {
  return {
    id: row.id,
    tag: row.tag as HealthTag,
    tagValue: row.tagValue,
    minTag: row.minTag,
    minTagValue: row.minTagValue,
    narration: row.narration,
    device: row.device,
    report: row.report,
    note: row.note,
    weight: row.weight,
    directFromDevice: row.directFromDevice,
    takenAt: row.takenAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    enteredValue: row.enteredValue,
    enteredUnit: row.enteredUnit,
  };
}

/** The part of a person's history a reader may see (a share's window); all of it when omitted. */
export interface ReadingWindow {
  /** Inclusive. */
  from?: Date | null;
  /** Exclusive. */
  to?: Date | null;
}

function windowConditions(window: ReadingWindow | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (window?.from) conditions.push(gte(healthRecords.takenAt, window.from));
  if (window?.to) conditions.push(lt(healthRecords.takenAt, window.to));
  return conditions;
}

export interface HistoryFilter {
  order: HistoryOrder;
  tag?: HealthTag | undefined;
  /** Only these tags (a share's measures); every tag when omitted. */
  tags?: readonly HealthTag[] | undefined;
  /** A share's window, on top of from and to. */
  window?: ReadingWindow | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** Only readings after this one in the order asked for. */
  after?: HistoryPosition | undefined;
  limit: number;
}

export interface HistoryRows {
  rows: ReadingRow[];
  /** Where the next page starts; null when this page is the last. */
  next: HistoryPosition | null;
}

/**
 * The exact stored instant of taken_at, to the microsecond, as ISO text. A JavaScript Date keeps
 * only milliseconds, and a cursor rounded to the millisecond would skip or repeat readings whose
 * times differ below it.
 */
const exactTakenAt = sql<string>`to_char(${healthRecords.takenAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface ReadingProfile {
  dob: string | null;
  gender: string | null;
  heightMm: number | null;
  /** The assessment's answers about health; null without an assessment. */
  conditions: SavedConditions;
  /** The measure ids the person chose to follow on My Health. */
  chosen: string[];
}

/** Whose readings: a person's id, or the user id column of an outer query (the caller's session). */
type Owner = string | SQLWrapper;

/** What historyConditions filters on: HistoryFilter's values, or placeholders for them. */
interface HistoryCriteria {
  order: HistoryOrder;
  tag?: HealthTag | Placeholder | undefined;
  tags?: readonly HealthTag[] | undefined;
  window?: ReadingWindow | undefined;
  from?: Date | Placeholder | undefined;
  to?: Date | Placeholder | undefined;
  after?: { takenAt: string | Placeholder; id: string | Placeholder } | undefined;
}

function historyConditions(owner: Owner, filter: HistoryCriteria): SQL | undefined {
  const conditions: SQL[] = [eq(healthRecords.userId, owner)];
  if (filter.tag) conditions.push(eq(healthRecords.tag, filter.tag));
  if (filter.tags) conditions.push(inArray(healthRecords.tag, [...filter.tags]));
  conditions.push(...windowConditions(filter.window));
  if (filter.from) conditions.push(gte(healthRecords.takenAt, filter.from));
  if (filter.to) conditions.push(lt(healthRecords.takenAt, filter.to));
  if (filter.after) {
    const position = sql`(${filter.after.takenAt}::timestamptz, ${filter.after.id}::uuid)`;
    const columns = sql`(${healthRecords.takenAt}, ${healthRecords.id})`;
    conditions.push(
      filter.order === 'DESC' ? sql`${columns} < ${position}` : sql`${columns} > ${position}`,
    );
  }
  return and(...conditions);
}

/** A page from the rows of a query asked for one more than the page holds. */
function pageOf(
  rows: Array<{ reading: ReadingRow; exactTakenAt: string }>,
  limit: number,
): HistoryRows {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map((row) => row.reading),
    next: rows.length > limit && last ? { takenAt: last.exactTakenAt, id: last.reading.id } : null,
  };
}

interface WeekRow {
  count: number;
  urgent: number;
  systolic: number | null;
  diastolic: number | null;
  sugarCount: number;
  sugar: number | null;
}

function toWeekAverages(row: WeekRow | undefined): WeekAverages {
  return {
    pressure: {
      count: row?.count ?? 0,
      systolic: row?.systolic ?? null,
      diastolic: row?.diastolic ?? null,
      urgent: row?.urgent ?? 0,
    },
    sugar: { count: row?.sugarCount ?? 0, average: row?.sugar ?? null },
  };
}

/** The statement of that name from `statements`, prepared by `prepare` the first time. */
function preparedOnce<T>(statements: Map<string, T>, name: string, prepare: () => T): T {
  let statement = statements.get(name);
  if (!statement) {
    statement = prepare();
    statements.set(name, statement);
  }
  return statement;
}

/** The names the week's averages are selected as, in their subquery and read back from it. */
const weekNames = {
  count: 'pressure_count',
  urgent: 'pressure_urgent',
  systolic: 'systolic',
  diastolic: 'diastolic',
  sugarCount: 'sugar_count',
  sugar: 'sugar',
} as const;

/** A read made with the caller's session (db/live-session.ts): undefined when it is not live. */
export type InSession<T> = ({ session: LiveSessionRow } & T) | undefined;

export class ReadingsRepository {
  // The mobile app polls the newest reading of a tag: a named prepared statement, planned once
  // per connection (docs/records-indexes.md shows its plan).
  private readonly newestOfTagInSession;
  private readonly ownHistoryStatements = new Map<
    string,
    ReturnType<ReadingsRepository['ownHistoryStatement']>
  >();
  private readonly analysisStatements = new Map<
    string,
    ReturnType<ReadingsRepository['analysisStatement']>
  >();

  constructor(private readonly db: Database) {
    const newest = db
      .select({ id: healthRecords.id })
      .from(healthRecords)
      .where(and(eq(healthRecords.userId, callerId), eq(healthRecords.tag, sql.placeholder('tag'))))
      .orderBy(desc(healthRecords.takenAt), desc(healthRecords.id))
      .limit(1)
      .as('newest');
    this.newestOfTagInSession = fromSessions(db, {
      session: sessionColumns,
      reading: healthRecords,
    })
      .leftJoinLateral(newest, sql`true`)
      .leftJoin(healthRecords, eq(healthRecords.id, newest.id))
      .where(liveSessionCondition(sessionPlaceholders))
      .prepare('records_newest_of_tag_in_session');
  }

  /**
   * Stores a reading, and with it the readings taken at the same moment (a blood pressure
   * monitor's pulse): in one statement, so all are stored or none, at the same time.
   */
  async insert(
    userId: string,
    reading: NormalisedReading,
    alongside: readonly NormalisedReading[] = [],
  ): Promise<ReadingRow> {
    return ReadingsRepository.insertRows(this.db, userId, reading, alongside);
  }

  private static async insertRows(
    db: Database,
    userId: string,
    reading: NormalisedReading,
    alongside: readonly NormalisedReading[],
  ): Promise<ReadingRow> {
    const now = new Date();
    const takenAt = takenNoLaterThan(reading.takenAt, now);
    const rows = await db
      .insert(healthRecords)
      .values(
        [reading, ...alongside].map((each) => ({
          userId,
          ...readingColumns(each),
          takenAt,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    const row = rows.find((each) => each.tag === reading.tag);
    if (!row) throw new Error('insert into health_records returned no row');
    return row;
  }

  /**
   * Stores a reading sent with an Idempotency-Key once (docs/decisions/0033-idempotent-readings.md).
   * The key is claimed first, in the transaction that stores the reading and its answer, so that
   * a crash leaves neither. A second request with the same key, even one sent at the same moment,
   * finds the key taken (on PostgreSQL its insert waits until the first transaction ends) and
   * gets the stored answer, or 'reused' when it carries another reading.
   */
  async insertOnce(
    userId: string,
    idempotency: { key: string; fingerprint: string },
    reading: NormalisedReading,
    alongside: readonly NormalisedReading[] = [],
  ): Promise<StoredAnswer | 'reused'> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const claimed = await db
        .insert(readingIdempotencyKeys)
        .values({
          userId,
          key: idempotency.key,
          fingerprint: idempotency.fingerprint,
          // Filled in below, before the transaction ends: nobody else ever reads these.
          statusCode: 0,
          response: {},
        })
        .onConflictDoNothing()
        .returning({ key: readingIdempotencyKeys.key });
      if (claimed.length === 0) {
        const [stored] = await db
          .select()
          .from(readingIdempotencyKeys)
          .where(
            and(
              eq(readingIdempotencyKeys.userId, userId),
              eq(readingIdempotencyKeys.key, idempotency.key),
            ),
          );
        if (!stored) throw new Error('an idempotency key was taken but cannot be read');
        if (stored.fingerprint !== idempotency.fingerprint) return 'reused';
        return {
          statusCode: stored.statusCode,
          reading: stored.response as HealthReading,
          replayed: true,
        };
      }
      const answer = toReading(await ReadingsRepository.insertRows(db, userId, reading, alongside));
      const statusCode = 201;
      await db
        .update(readingIdempotencyKeys)
        .set({ statusCode, response: answer })
        .where(
          and(
            eq(readingIdempotencyKeys.userId, userId),
            eq(readingIdempotencyKeys.key, idempotency.key),
          ),
        );
      return { statusCode, reading: answer, replayed: false };
    });
  }

  async byId(userId: string, id: string): Promise<ReadingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(healthRecords)
      .where(and(eq(healthRecords.id, id), eq(healthRecords.userId, userId)));
    return row;
  }

  /** Replaces a reading; a TakenAt left out keeps the time it was taken. */
  async update(
    userId: string,
    id: string,
    reading: NormalisedReading,
  ): Promise<ReadingRow | undefined> {
    const received = new Date();
    const [row] = await this.db
      .update(healthRecords)
      .set({
        ...readingColumns(reading),
        ...(reading.takenAt ? { takenAt: takenNoLaterThan(reading.takenAt, received) } : {}),
        updatedAt: received,
      })
      .where(and(eq(healthRecords.id, id), eq(healthRecords.userId, userId)))
      .returning();
    return row;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(healthRecords)
      .where(and(eq(healthRecords.id, id), eq(healthRecords.userId, userId)))
      .returning({ id: healthRecords.id });
    return deleted.length > 0;
  }

  /**
   * The newest reading of one tag, read in the same statement as the caller's session: one round
   * trip (docs/decisions/0037-one-round-trip-reads.md). Undefined when the session is not live;
   * reading null when there is no such reading.
   */
  async newestInSession(
    key: SessionKey,
    tag: HealthTag,
  ): Promise<InSession<{ reading: ReadingRow | null }>> {
    const [row] = await this.newestOfTagInSession.execute({ ...sessionKeyValues(key), tag });
    return row;
  }

  /**
   * The newest `perTag` readings of each tag in one round trip, newest first: a LATERAL join
   * probes the index once per tag, so the cost stays the same however long the history grows
   * (DISTINCT ON would read every reading of the person).
   */
  async newestOfEach(
    userId: string,
    tags: readonly HealthTag[],
    perTag = 1,
    window?: ReadingWindow,
  ): Promise<ReadingRow[]> {
    if (tags.length === 0) return [];
    const newest = this.newestIdsOfEach(userId, tags, perTag, window).as('newest');
    return this.db
      .select(getTableColumns(healthRecords))
      .from(healthRecords)
      .innerJoin(newest, eq(healthRecords.id, newest.id))
      .orderBy(desc(healthRecords.takenAt), desc(healthRecords.id));
  }

  /**
   * The ids of newestOfEach, for the owner given as an id or as the caller of a read made with
   * their session: for each wanted tag, a LATERAL probe of health_records_user_tag_taken_idx for
   * its newest `perTag` readings.
   */
  private newestIdsOfEach(
    owner: Owner,
    tags: readonly HealthTag[],
    perTag: number,
    window?: ReadingWindow,
  ) {
    const perTagIds = this.db
      .select({ id: healthRecords.id })
      .from(healthRecords)
      .where(
        and(
          eq(healthRecords.userId, owner),
          sql`${healthRecords.tag} = wanted.tag`,
          ...windowConditions(window),
        ),
      )
      .orderBy(desc(healthRecords.takenAt), desc(healthRecords.id))
      .limit(perTag)
      .as('per_tag');
    const list = sql.join(
      tags.map((tag) => sql`${tag}`),
      sql`, `,
    );
    return this.db
      .select({ id: perTagIds.id })
      .from(sql`unnest(array[${list}]::text[]) as wanted(tag)`)
      .crossJoinLateral(perTagIds);
  }

  /** One page of a person's readings, ordered by (taken_at, id) both ways. */
  async history(userId: string, filter: HistoryFilter): Promise<HistoryRows> {
    const direction = filter.order === 'DESC' ? desc : asc;
    const rows = await this.db
      .select({ reading: healthRecords, exactTakenAt })
      .from(healthRecords)
      .where(historyConditions(userId, filter))
      .orderBy(direction(healthRecords.takenAt), direction(healthRecords.id))
      .limit(filter.limit + 1);
    return pageOf(rows, filter.limit);
  }

  /**
   * One page of the caller's readings, read in the same statement as their session
   * (docs/decisions/0037-one-round-trip-reads.md). Undefined when the session is not live. Each
   * shape of filter (which of tag, from, to and cursor are given, and the order) is a prepared
   * statement of its own, built once: building the query again on every call cost more than
   * PostgreSQL took to answer it.
   */
  async historyInSession(key: SessionKey, filter: HistoryFilter): Promise<InSession<HistoryRows>> {
    const shape = {
      order: filter.order,
      tag: filter.tag !== undefined,
      from: filter.from !== undefined,
      to: filter.to !== undefined,
      after: filter.after !== undefined,
    };
    const name = [
      'records_own_history',
      shape.order.toLowerCase(),
      ...(['tag', 'from', 'to', 'after'] as const).filter((part) => shape[part]),
    ].join('_');
    const statement = preparedOnce(this.ownHistoryStatements, name, () =>
      this.ownHistoryStatement(shape, name),
    );
    const rows = await statement.execute({
      ...sessionKeyValues(key),
      tag: filter.tag,
      from: filter.from?.toISOString(),
      to: filter.to?.toISOString(),
      afterTakenAt: filter.after?.takenAt,
      afterId: filter.after?.id,
      limit: filter.limit + 1,
    });
    const [first] = rows;
    if (!first) return undefined;
    const found = rows.flatMap(({ reading, exactTakenAt }) =>
      reading ? [{ reading, exactTakenAt: exactTakenAt! }] : [],
    );
    return { session: first.session, ...pageOf(found, filter.limit) };
  }

  private ownHistoryStatement(
    shape: { order: HistoryOrder; tag: boolean; from: boolean; to: boolean; after: boolean },
    name: string,
  ) {
    const direction = shape.order === 'DESC' ? desc : asc;
    const criteria: HistoryCriteria = {
      order: shape.order,
      tag: shape.tag ? sql.placeholder('tag') : undefined,
      from: shape.from ? sql.placeholder('from') : undefined,
      to: shape.to ? sql.placeholder('to') : undefined,
      after: shape.after
        ? { takenAt: sql.placeholder('afterTakenAt'), id: sql.placeholder('afterId') }
        : undefined,
    };
    // The page's ids in a LATERAL subquery (its LIMIT walks the index), the readings joined by id.
    const page = this.db
      .select({ id: healthRecords.id })
      .from(healthRecords)
      .where(historyConditions(callerId, criteria))
      .orderBy(direction(healthRecords.takenAt), direction(healthRecords.id))
      .limit(sql.placeholder('limit'))
      .as('page');
    return fromSessions(this.db, { session: sessionColumns, reading: healthRecords, exactTakenAt })
      .leftJoinLateral(page, sql`true`)
      .leftJoin(healthRecords, eq(healthRecords.id, page.id))
      .where(liveSessionCondition(sessionPlaceholders))
      .orderBy(direction(healthRecords.takenAt), direction(healthRecords.id))
      .prepare(name);
  }

  /**
   * The blood pressure and blood sugar readings taken since `since`, averaged in the database in
   * one row: each measure's count and means (null with a count of 0).
   */
  async weekAverages(userId: string, since: Date, window?: ReadingWindow): Promise<WeekAverages> {
    const [row] = await this.weekAveragesQuery(userId, since, window);
    return toWeekAverages(row);
  }

  /** weekAverages's statement, for the owner given as an id or as a column of an outer query. */
  private weekAveragesQuery(owner: Owner, since: Date | Placeholder, window?: ReadingWindow) {
    const isPressure = sql`${healthRecords.tag} = ${'Systolic' satisfies HealthTag}`;
    const urgent = sql`${isPressure} and ${urgentPressure(
      sql`${healthRecords.tagValue}::numeric`,
      sql`${healthRecords.minTagValue}::numeric`,
    )}`;
    // The mean is of the readings that are not urgent; the urgent ones are counted apart.
    const pressure = sql`${isPressure} and not (${urgent})`;
    const sugar = sql`${healthRecords.tag} = ${'Blood-sugar' satisfies HealthTag}`;
    return this.db
      .select({
        count: sql<number>`count(*) filter (where ${pressure})::int`.as(weekNames.count),
        urgent: sql<number>`count(*) filter (where ${urgent})::int`.as(weekNames.urgent),
        systolic: sql<
          number | null
        >`avg(${healthRecords.tagValue}::numeric) filter (where ${pressure})::float8`.as(
          weekNames.systolic,
        ),
        diastolic: sql<
          number | null
        >`avg(${healthRecords.minTagValue}::numeric) filter (where ${pressure})::float8`.as(
          weekNames.diastolic,
        ),
        sugarCount: sql<number>`count(*) filter (where ${sugar})::int`.as(weekNames.sugarCount),
        sugar: sql<
          number | null
        >`avg(${healthRecords.tagValue}::numeric) filter (where ${sugar})::float8`.as(
          weekNames.sugar,
        ),
      })
      .from(healthRecords)
      .where(
        and(
          eq(healthRecords.userId, owner),
          inArray(healthRecords.tag, ['Systolic', 'Blood-sugar'] satisfies HealthTag[]),
          gte(healthRecords.takenAt, since),
          ...windowConditions(window),
        ),
      );
  }

  /**
   * Everything the analysis rates, read in the same statement as the caller's session
   * (docs/decisions/0037-one-round-trip-reads.md): the newest `perTag` readings of each tag, the
   * profile and the week's averages. Undefined when the session is not live. A prepared
   * statement, built once for each list of tags.
   */
  async analysisInSession(
    key: SessionKey,
    tags: readonly HealthTag[],
    perTag: number,
    since: Date,
  ): Promise<InSession<{ latest: ReadingRow[]; profile: ReadingProfile; week: WeekAverages }>> {
    const shape = `${perTag}:${tags.join(',')}`;
    // Named by the shape, so that every repository gives one shape the same name and SQL.
    const name = `records_analysis_in_session_${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
    const statement = preparedOnce(this.analysisStatements, name, () =>
      this.analysisStatement(tags, perTag, name),
    );
    const rows = await statement.execute({ ...sessionKeyValues(key), since: since.toISOString() });
    const [first] = rows;
    if (!first) return undefined;
    return {
      session: first.session,
      profile: first.profile,
      week: toWeekAverages(first.week),
      latest: rows.flatMap(({ reading }) => (reading ? [reading] : [])),
    };
  }

  private analysisStatement(tags: readonly HealthTag[], perTag: number, name: string) {
    const week = this.weekAveragesQuery(callerId, sql.placeholder('since')).as('week');
    const recent = this.newestIdsOfEach(callerId, tags, perTag).as('recent');
    // The week's figures are read as plain columns of the row: as the subquery's fields drizzle
    // would map them again on every one of the readings' rows.
    const weekColumn = <T>(name: string) =>
      sql<T>`${sql.identifier('week')}.${sql.identifier(name)}`;
    return fromSessions(this.db, {
      session: sessionColumns,
      profile: {
        dob: users.dob,
        gender: users.gender,
        heightMm: users.heightMm,
        conditions: conditionsOf(users.id),
        chosen: chosenOf(users.id),
      },
      week: {
        count: weekColumn<number>(weekNames.count),
        urgent: weekColumn<number>(weekNames.urgent),
        systolic: weekColumn<number | null>(weekNames.systolic),
        diastolic: weekColumn<number | null>(weekNames.diastolic),
        sugarCount: weekColumn<number>(weekNames.sugarCount),
        sugar: weekColumn<number | null>(weekNames.sugar),
      },
      reading: healthRecords,
    })
      .crossJoinLateral(week)
      .leftJoinLateral(recent, sql`true`)
      .leftJoin(healthRecords, eq(healthRecords.id, recent.id))
      .where(liveSessionCondition(sessionPlaceholders))
      .orderBy(desc(healthRecords.takenAt), desc(healthRecords.id))
      .prepare(name);
  }

  /** What the analysis needs of the profile: pulse reads dob and gender, BMI the height. */
  async profileOf(userId: string): Promise<ReadingProfile | undefined> {
    const [row] = await this.db
      .select({
        dob: users.dob,
        gender: users.gender,
        heightMm: users.heightMm,
        conditions: conditionsOf(users.id),
        chosen: chosenOf(users.id),
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }
}
