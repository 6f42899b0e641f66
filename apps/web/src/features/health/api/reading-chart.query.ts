import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  historyPage,
  historyPageLimits,
  recordsPaths,
  type FetchTag,
  type HealthReading,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import {
  CHART_PERIODS,
  type ChartPeriod,
  type ChartReadings,
} from '../../../readings/api/chart-readings';
import { chartQueryKey } from '../../../readings/api/records-query-keys';

export { CHART_PERIODS, type ChartPeriod, type ChartReadings };

const day = 24 * 3600_000;

/**
 * The most points a chart draws: five of the server's largest pages. A year of readings taken
 * twice a day fits; beyond it a line is too dense to read, and the newest are drawn.
 */
export const chartReadingLimit = 5 * historyPageLimits.max;

/** The readings of the period, newest pages first, until the period or the limit ends. */
export async function fetchChartReadings(
  tag: FetchTag,
  period: ChartPeriod,
  now: Date = new Date(),
): Promise<ChartReadings> {
  const { days } = CHART_PERIODS[period];
  const from = days === null ? undefined : new Date(now.getTime() - days * day).toISOString();
  const newestFirst: HealthReading[] = [];
  let cursor: string | null = null;
  do {
    const { data } = await apiClient.get(recordsPaths.healths, {
      params: {
        order: 'DESC',
        tag,
        limit: historyPageLimits.max,
        ...(from ? { from } : {}),
        ...(cursor ? { cursor } : {}),
      },
    });
    const page = historyPage.parse(data);
    newestFirst.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null && newestFirst.length < chartReadingLimit);
  return {
    readings: newestFirst.slice(0, chartReadingLimit).toReversed(),
    cut: cursor !== null || newestFirst.length > chartReadingLimit,
  };
}

export function chartQueryOptions(tag: FetchTag, period: ChartPeriod) {
  return queryOptions({
    queryKey: chartQueryKey(tag, period),
    queryFn: () => fetchChartReadings(tag, period),
    // Switching the period keeps the drawn chart until the new one arrives, so nothing jumps.
    placeholderData: keepPreviousData,
  });
}

export function useChartReadings(tag: FetchTag, period: ChartPeriod) {
  return useQuery(chartQueryOptions(tag, period));
}
