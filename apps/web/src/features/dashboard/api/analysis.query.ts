import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  analysisResponse,
  recordsPaths,
  type AnalysisResponse,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { useAccessToken } from '../../../lib/token-store';

// The same key as the readings screens use, so a recorded reading (which invalidates ['records'])
// refreshes the dashboard too, and both screens share one cached answer.
export const analysisQueryKey = ['records', 'analysis'] as const;

export async function fetchAnalysis(): Promise<AnalysisResponse> {
  const { data } = await apiClient.get(recordsPaths.analysis);
  return analysisResponse.parse(data);
}

export function analysisQueryOptions() {
  return queryOptions({ queryKey: analysisQueryKey, queryFn: fetchAnalysis });
}

/** Every measure rated from its newest reading, the combined score and the profile flag. */
export function useAnalysis() {
  const token = useAccessToken();
  return useQuery({ ...analysisQueryOptions(), enabled: token !== null });
}
