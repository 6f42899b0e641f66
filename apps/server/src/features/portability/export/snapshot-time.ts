// Where an export's snapshot ends: both of its files hold the readings created up to the same
// instant of the database's clock.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';

/** The database's clock as text, exact to the microsecond: where the archive's snapshot ends. */
export async function databaseNow(db: Database): Promise<string> {
  const result = (await db.execute(sql`select now()::text as now`)) as {
    rows: Array<{ now: string }>;
  };
  const now = result.rows[0]?.now;
  if (!now) throw new Error('the database did not say what time it is');
  return now;
}
