import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  analysisResponse,
  recordsPaths,
  type AnalysisResponse,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../lib/api-client';
import { useAccessToken } from '../../lib/token-store';
import { analysisQueryKey } from './records-query-keys';

// One query for the dashboard, My Health and a measure's page: they share one cached answer, and
// a saved, corrected or deleted reading (which invalidates ['records']) refreshes all of them.

export async function fetchAnalysis(): Promise<AnalysisResponse> {
  const { data } = await apiClient.get(recordsPaths.analysis);
  return analysisResponse.parse(data);
}

export function analysisQueryOptions() {
  return queryOptions({ queryKey: analysisQueryKey, queryFn: fetchAnalysis });
}

/** The emergency number before the server has said its own (EMERGENCY_NUMBER's default). */
export const DEFAULT_EMERGENCY_NUMBER = '112';

/**
 * The number urgent advice points to: the server's, from the analysis already in the cache, or
 * the default. It reads the cache only, so a form that needs the number never asks the server
 * (offline, a form must not wait on a request).
 */
export function useEmergencyNumber(): string {
  const cached = useQueryClient().getQueryData<AnalysisResponse>(analysisQueryKey);
  return cached?.emergency.number ?? DEFAULT_EMERGENCY_NUMBER;
}

/**
 * Every measure rated from its newest reading with its urgency, the score, how many measures are
 * recorded, the notes, the numbers to call and the week's blood pressure.
 */
export function useAnalysis() {
  const token = useAccessToken();
  return useQuery({ ...analysisQueryOptions(), enabled: token !== null });
}
