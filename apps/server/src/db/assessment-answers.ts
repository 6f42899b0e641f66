// A person's saved risk assessment as the contract answers it. Read by the person's own call
// (features/assessment) and by a doctor they share it with (features/sharing), so it
// lives below both.
import { eq } from 'drizzle-orm';
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
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The person's saved answers; null when they never saved any. */
export async function savedAssessment(db: Database, userId: string): Promise<Assessment | null> {
  const [row] = await db.select().from(assessments).where(eq(assessments.userId, userId));
  return row ? toAssessment(row) : null;
}
