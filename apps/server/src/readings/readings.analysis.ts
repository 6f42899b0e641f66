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
  recentReadingOf,
  type RecentReading,
  type SugarWeek,
} from '@vitalia/api/records.contract';
import {
  toReading,
  wireReadingOf,
  type ReadingProfile,
  type ReadingRow,
  type WeekAverages,
} from './readings.repository.ts';

/** What the analysis says besides the readings: the numbers to call, and the week's averages. */
export interface AnalysisExtras {
  emergency: AnalysisResponse['emergency'];
  week: WeekAverages;
  now: Date;
}

/**
 * The week's average of the readings that are not urgent, each number rounded half up to a whole
 * mmHg (never across a band edge), with how many urgent readings were left out.
 */
export function bloodPressureWeekOf(week: WeekAverages['pressure']): BloodPressureWeek | null {
  if (week.count === 0 || week.systolic === null || week.diastolic === null) return null;
  return {
    systolic: roundTo(week.systolic, 0),
    diastolic: roundTo(week.diastolic, 0),
    count: week.count,
    urgentLeftOut: week.urgent,
  };
}

/** The week's blood sugar average in mg/dL to one decimal; a trend, not rated. */
export function sugarWeekOf(week: WeekAverages['sugar']): SugarWeek | null {
  if (week.count === 0 || week.average === null) return null;
  return { average: roundTo(week.average, 1), count: week.count };
}

/**
 * The analysis of a person's readings. `latest` holds each tag's newest readings, newest first
 * (up to recentReadingsPerMeasure of each): the first of a measure is rated, all of them make
 * its trend.
 */
export function analysisOf(
  latest: readonly ReadingRow[],
  profile: ReadingProfile | undefined,
  extras: AnalysisExtras,
): AnalysisResponse {
  const rows: Partial<Record<MeasureId, ReadingRow>> = {};
  const recent = Object.fromEntries(
    MEASURE_IDS.map((measure) => [measure, [] as RecentReading[]]),
  ) as Record<MeasureId, RecentReading[]>;
  for (const row of latest) {
    const rule = TAG_RULES[row.tag];
    if (!rule) continue;
    rows[rule.measure] ??= row;
    const numbers = recentReadingOf({
      tag: row.tag as HealthTag,
      tagValue: row.tagValue,
      minTagValue: row.minTagValue,
      takenAt: row.takenAt.toISOString(),
    });
    if (numbers) recent[rule.measure].unshift(numbers);
  }
  const readings: NewestReadings = Object.fromEntries(
    Object.entries(rows).map(([measure, row]) => [measure, wireReadingOf(row)]),
  );
  const report = analyse({
    readings,
    profile: profile
      ? {
          dob: profile.dob,
          gender: profile.gender,
          heightMM: profile.heightMm,
          conditions: profile.conditions,
        }
      : null,
    chosen: profile?.chosen ?? [],
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
    bloodPressureWeek: bloodPressureWeekOf(extras.week.pressure),
    sugarWeek: sugarWeekOf(extras.week.sugar),
    recent,
  };
}
