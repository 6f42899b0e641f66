// The score as people read it (docs/clinical-reference.md, 'The score'): how many of the measures
// the person follows (a reading recent enough to count, or chosen on My Health) are in range now, beside how many of the
// catalogue's measures have a reading at all, so a score of 3 from three readings is 'In range:
// 3 of 3', not three out of ten. `forScaleOk` on the wire is the same count.
import type { AnalysisResponse } from '@vitalia/api/records.contract';
import { FRESH_FOR_DAYS } from '@vitalia/health/analysis';
import { MEASURE_COUNT, type MeasureId } from '@vitalia/health/measure.catalog';

type ScoreCounts = Pick<AnalysisResponse, 'forScaleOk' | 'recorded' | 'followed'>;

/** 'In range: 3 of 4 · 5 of 10 measured': of the measures followed, and of the catalogue's. */
export function scoreLine({ forScaleOk, recorded, followed }: ScoreCounts): string {
  const measured = `${recorded} of ${MEASURE_COUNT} measured`;
  if (followed.length === 0) return `No reading from the last 90 days · ${measured}`;
  return `In range: ${forScaleOk} of ${followed.length} · ${measured}`;
}

/** The gauge's whole: the measures followed, or the catalogue's when none is. */
export function scoreTotal({ followed }: Pick<AnalysisResponse, 'followed'>): number {
  return followed.length > 0 ? followed.length : MEASURE_COUNT;
}

/** How long a measure's reading counts: '90 days', 'a year'. */
export function freshFor(measure: MeasureId): string {
  const days = FRESH_FOR_DAYS[measure];
  return days === 365 ? 'a year' : `${days} days`;
}

/** How the score is counted, in one sentence. */
export const SCORE_RULE =
  'You follow a measure while its newest reading is less than 90 days old (BMI: a year), or when you choose it; it adds a point when its reading is in range.';
