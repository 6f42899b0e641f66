// The score as people read it (docs/clinical-reference.md, 'The score'): how many of the
// catalogue's measures (MEASURE_COUNT) are in range now, beside how many have a reading at all, so
// a score of 3 from three readings is not read as six measures out of range. `forScaleOk` on the
// wire is the same count.
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { FRESH_FOR_DAYS } from '@vitalia/health/analysis';
import { MEASURE_COUNT, type MeasureId } from '@vitalia/health/measure.catalog';

type ScoreCounts = Pick<AnalysisResponse, 'forScaleOk' | 'recorded'>;

/** 'In range: 3 of 9 · 5 of 9 measured', the 9 being the catalogue's MEASURE_COUNT. */
export function scoreLine({ forScaleOk, recorded }: ScoreCounts): string {
  return `In range: ${forScaleOk} of ${MEASURE_COUNT} · ${recorded} of ${MEASURE_COUNT} measured`;
}

/** How long a measure's reading counts: '90 days', 'a year'. */
export function freshFor(measure: MeasureId): string {
  const days = FRESH_FOR_DAYS[measure];
  return days === 365 ? 'a year' : `${days} days`;
}

/** How the score is counted, in one sentence. */
export const SCORE_RULE =
  'A measure adds a point when its newest reading is in range and less than 90 days old (BMI: a year).';
