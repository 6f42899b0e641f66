import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  healthReading,
  healthReadingRequest,
  recordsPaths,
  type HealthReading,
  type HealthReadingRequest,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { recordsQueryKey } from '../../../api/records-query-keys';

export async function recordReading(request: HealthReadingRequest): Promise<HealthReading> {
  const { data } = await apiClient.post(recordsPaths.health, healthReadingRequest.parse(request));
  return healthReading.parse(data);
}

export function useRecordReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordReading,
    // The new reading changes the analysis, the score, the history and the chart.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
