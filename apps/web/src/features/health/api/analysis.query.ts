import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  analysisResponse,
  recordsPaths,
  type AnalysisResponse,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { analysisQueryKey } from './records-query-keys';

export async function fetchAnalysis(): Promise<AnalysisResponse> {
  const { data } = await apiClient.get(recordsPaths.analysis);
  return analysisResponse.parse(data);
}

export function analysisQueryOptions() {
  return queryOptions({ queryKey: analysisQueryKey, queryFn: fetchAnalysis });
}

/** Every measure rated from its newest reading, the combined score and the profile flag. */
export function useAnalysis() {
  return useQuery(analysisQueryOptions());
}
