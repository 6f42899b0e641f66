// The analysis call's answer: the newest reading of each measure rated by packages/health, the same
// interpreter the browser runs, so the server and the web app never disagree on a colour.
import { analyse, type NewestReadings } from '@vitalia/health/analysis';
import { MEASURE_IDS, type MeasureId } from '@vitalia/health/measure.catalog';
import {
  TAG_RULES,
  type AnalysisResponse,
  type HealthReading,
  type HealthTag,
} from '@vitalia/api/records.contract';
import { toReading, type ReadingProfile, type ReadingRow } from './records.repository.ts';

export function analysisOf(
  newest: readonly ReadingRow[],
  profile: ReadingProfile | undefined,
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
      },
    ]),
  );
  const report = analyse({
    readings,
    profile: profile
      ? { dob: profile.dob, gender: profile.gender, heightMM: profile.heightMm }
      : null,
  });
  const shown = Object.fromEntries(
    MEASURE_IDS.map((measure) => {
      const row = rows[measure];
      return [measure, row ? toReading(row) : null];
    }),
  ) as Record<MeasureId, HealthReading | null>;
  return { ...report, readings: shown };
}
