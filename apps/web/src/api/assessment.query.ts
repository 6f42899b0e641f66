// The saved risk assessment, read by the assessment dialog and the dashboard: one query and one
// cache entry, so saving the answers refreshes both.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isHttpError } from '../lib/http-error';
import {
  assessmentPath,
  assessmentResponse,
  type Assessment,
} from '@vitalia/api/assessment.contract';
import { apiClient } from '../lib/api-client';
import { useAccessToken } from '../lib/token-store';

export const assessmentQueryKey = ['records', 'assessment'] as const;

/** The saved answers, or null when the person has never saved any (the server's 404). */
export async function fetchAssessment(): Promise<Assessment | null> {
  try {
    const { data } = await apiClient.get(assessmentPath);
    return assessmentResponse.parse(data);
  } catch (error) {
    if (isHttpError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

export function assessmentQueryOptions() {
  return queryOptions({
    queryKey: assessmentQueryKey,
    queryFn: fetchAssessment,
    staleTime: 60_000,
  });
}

export function useAssessment() {
  const token = useAccessToken();
  return useQuery({ ...assessmentQueryOptions(), enabled: token !== null });
}
