// The measures a person chose to follow on My Health (docs/decisions/0047-chosen-measures.md). The
// analysis reads them beside the profile, in the same statement; the person's own calls add and
// remove one at a time, so two devices choosing at once never undo each other.
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { chosenMeasures } from '@vitalia/health/analysis';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import type { Database } from '../db/database.ts';
import { followedMeasures } from '../db/schema/records.table.ts';

/** The chosen measure ids as one JSON array ([] when none), for a profile query to select. */
export function chosenOf(userId: SQLWrapper): SQL<string[]> {
  return sql<string[]>`(select coalesce(json_agg(${followedMeasures.measure}), '[]'::json)
    from ${followedMeasures} where ${followedMeasures.userId} = ${userId})`;
}

/** The person's chosen measures, in the catalogue's order. */
export async function chosenMeasuresOf(db: Database, userId: string): Promise<MeasureId[]> {
  const rows = await db
    .select({ measure: followedMeasures.measure })
    .from(followedMeasures)
    .where(eq(followedMeasures.userId, userId))
    .orderBy(asc(followedMeasures.measure));
  return chosenMeasures(rows.map((row) => row.measure));
}

/** Follows a measure; following one already followed changes nothing. */
export async function follow(db: Database, userId: string, measure: MeasureId): Promise<void> {
  await db.insert(followedMeasures).values({ userId, measure }).onConflictDoNothing();
}

/** Stops following a measure; one not followed changes nothing. */
export async function unfollow(db: Database, userId: string, measure: MeasureId): Promise<void> {
  await db
    .delete(followedMeasures)
    .where(and(eq(followedMeasures.userId, userId), eq(followedMeasures.measure, measure)));
}
