// The analysis call's answer: the newest reading of each measure rated by packages/health, the same
// interpreter the browser runs, so the server and the web app never disagree on a colour.
import { analyse, type NewestReadings } from '@vitalia/health/analysis';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import { roundTo } from '@vitalia/health/reading.parse';
import {
  TAG_RULES,
  type AnalysisResponse,
  type BloodPressureWeek,
  type HealthReading,
  type HealthTag,
} from '@vitalia/api/records.contract';
import { toReading, type ReadingProfile, type ReadingRow } from './records.repository.ts';

/** What the analysis says besides the readings: the numbers to call, and the week's pressure. */
export interface AnalysisExtras {
  emergency: AnalysisResponse['emergency'];
  week: { count: number; systolic: number | null; diastolic: number | null };
  now: Date;
}

/** The week's average, each number rounded half up to a whole mmHg (never across a band edge). */
export function bloodPressureWeekOf(week: AnalysisExtras['week']): BloodPressureWeek | null {
  if (week.count === 0 || week.systolic === null || week.diastolic === null) return null;
  return {
    systolic: roundTo(week.systolic, 0),
    diastolic: roundTo(week.diastolic, 0),
    count: week.count,
  };
}

export function analysisOf(
  newest: readonly ReadingRow[],
  profile: ReadingProfile | undefined,
  extras: AnalysisExtras,
): AnalysisResponse {
  const rows: Partial<Record<MeasureId, ReadingRow>> = {};
  for (const row of newest) {
    const rule = TAG_RULES[row.tag as HealthTag] as (typeof TAG_RULES)[HealthTag] | undefined;
    if (rule) rows[rule.measure] = row;
  }
  const readings: NewestReadings = Object.fromEntries(
    Object.entries(rows).map(([measure, row]) => [
      measure,
      {
        tagValue: row.tagValue,
        minTagValue: row.minTagValue,
        narration: row.narration,
        takenAt: row.takenAt,
        enteredValue: row.enteredValue,
        enteredUnit: row.enteredUnit,
      },
    ]),
  );
  const report = analyse({
    readings,
    profile: profile
      ? { dob: profile.dob, gender: profile.gender, heightMM: profile.heightMm }
      : null,
    now: extras.now,
  });
  const shown = Object.fromEntries(
    MEASURE_IDS.map((measure) => {
      const row = rows[measure];
      return [measure, row ? toReading(row) : null];
    }),
  ) as Record<MeasureId, HealthReading | null>;
  return {
    ...report,
    readings: shown,
    emergency: extras.emergency,
    bloodPressureWeek: bloodPressureWeekOf(extras.week),
  };
}
