// A person's saved risk assessment as the contract answers it. Read by the person's own call
// (features/assessment) and by a doctor they share it with (features/sharing), so it
// lives below both.
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Condition } from '@vitalia/health/conditions';
import type { Assessment } from '@vitalia/api/assessment.contract';
import type { Database } from './database.ts';
import { assessments } from './schema/assessment.table.ts';

export function toAssessment(row: typeof assessments.$inferSelect): Assessment {
  return {
    smoke: row.smoke,
    alcohol: row.alcohol,
    recreationalDrugs: row.recreationalDrugs,
    selfMedicate: row.selfMedicate,
    herbalConcotion: row.herbalConcoction,
    illness: row.illness,
    cancer: row.cancer,
    diabetes: row.diabetes,
    highBloodPressure: row.highBloodPressure,
    sickleCell: row.sickleCell,
    pregnant: row.pregnant,
    asthmaOrCopd: row.asthmaOrCopd,
    heartDisease: row.heartDisease,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SavedConditions = Partial<Record<Condition, boolean | null>> | null;

/**
 * The person's answers about their health as one JSON value (null without an assessment), for
 * the analysis to read in the same statement as the rest of the profile.
 */
export function conditionsOf(userId: SQLWrapper): SQL<SavedConditions> {
  return sql<SavedConditions>`(select json_build_object(
    'diabetes', ${assessments.diabetes},
    'highBloodPressure', ${assessments.highBloodPressure},
    'sickleCell', ${assessments.sickleCell},
    'pregnant', ${assessments.pregnant},
    'asthmaOrCopd', ${assessments.asthmaOrCopd},
    'heartDisease', ${assessments.heartDisease}
  ) from ${assessments} where ${assessments.userId} = ${userId})`;
}

/** The person's saved answers; null when they never saved any. */
export async function savedAssessment(db: Database, userId: string): Promise<Assessment | null> {
  const [row] = await db.select().from(assessments).where(eq(assessments.userId, userId));
  return row ? toAssessment(row) : null;
}
