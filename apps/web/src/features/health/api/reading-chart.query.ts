import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  historyPage,
  historyPageLimits,
  recordsPaths,
  type FetchTag,
  type HealthReading,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { chartQueryKey } from './records-query-keys';

/**
 * The readings a chart draws: the newest page the server gives in one call (its largest page),
 * oldest first. A chart of more points than this would need a wider screen than anyone has.
 */
export async function fetchChartReadings(tag: FetchTag): Promise<HealthReading[]> {
  const { data } = await apiClient.get(recordsPaths.healths, {
    params: { order: 'DESC', tag, limit: historyPageLimits.max },
  });
  return historyPage.parse(data).items.toReversed();
}

export function chartQueryOptions(tag: FetchTag) {
  return queryOptions({ queryKey: chartQueryKey(tag), queryFn: () => fetchChartReadings(tag) });
}

export function useChartReadings(tag: FetchTag) {
  return useQuery(chartQueryOptions(tag));
}
