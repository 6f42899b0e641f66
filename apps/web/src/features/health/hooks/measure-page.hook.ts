import { useState } from 'react';
import { MEASURE_TAGS } from '@vitalia/api/records.contract';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { useAnalysis } from '../../../readings/api/analysis.query';
import { useProfile } from '../../../api/profile.query';
import { useRatingProfile } from '../../../readings/rating-profile';
import { useChartReadings, type ChartPeriod } from '../api/reading-chart.query';
import { useReadingHistory } from '../api/reading-history.query';

/**
 * Everything a measure's page asks the server for, in one place: the rating of the newest
 * reading (the shared analysis), the profile, the pages of readings for the table, and the
 * readings of the chart's period, with the period chosen.
 */
export function useMeasurePage(measure: MeasureId) {
  const tag = MEASURE_TAGS[measure];
  const analysis = useAnalysis();
  const profileQuery = useProfile();
  const rating = useRatingProfile();
  const history = useReadingHistory(tag);
  const [period, setPeriod] = useState<ChartPeriod>('all');
  const chart = useChartReadings(tag, period);
  return {
    analysis,
    history,
    chart,
    period,
    setPeriod,
    profile: profileQuery.data ?? null,
    /** What readings are rated with: the profile and the questionnaire's answers. */
    rating,
    // Ratings of pulse depend on the profile; wait for it rather than show a rating that changes.
    profileSettled: !profileQuery.isPending,
    latest: analysis.data?.readings[measure] ?? null,
  };
}

export type MeasurePageData = ReturnType<typeof useMeasurePage>;
