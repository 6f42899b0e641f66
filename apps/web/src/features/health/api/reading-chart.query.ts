import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  historyPage,
  historyPageLimits,
  recordsPaths,
  type FetchTag,
  type HealthReading,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { chartQueryKey } from '../../../api/records-query-keys';

const day = 24 * 3600_000;

/** The spans a person can draw; 'all' is everything, up to the chart's limit. */
export const CHART_PERIODS = {
  week: { label: 'Week', days: 7, name: 'the last 7 days' },
  month: { label: 'Month', days: 30, name: 'the last 30 days' },
  year: { label: 'Year', days: 365, name: 'the last 12 months' },
  all: { label: 'All', days: null, name: 'all your readings' },
} as const;
export type ChartPeriod = keyof typeof CHART_PERIODS;

/**
 * The most points a chart draws: five of the server's largest pages. A year of readings taken
 * twice a day fits; beyond it a line is too dense to read, and the newest are drawn.
 */
export const chartReadingLimit = 5 * historyPageLimits.max;

export interface ChartReadings {
  /** Oldest first, as a line is drawn. */
  readings: HealthReading[];
  /** True when the period holds more readings than the chart draws (the oldest are left out). */
  cut: boolean;
}

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
