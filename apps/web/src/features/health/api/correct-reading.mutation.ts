import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  healthReading,
  healthReadingPath,
  healthReadingRequest,
  type HealthReading,
  type HealthReadingRequest,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { recordsQueryKey } from '../../../api/records-query-keys';

export interface Correction {
  id: string;
  request: HealthReadingRequest;
}

/** PUT replaces the reading; a TakenAt left out keeps the time it was taken. */
export async function correctReading({ id, request }: Correction): Promise<HealthReading> {
  const { data } = await apiClient.put(healthReadingPath(id), healthReadingRequest.parse(request));
  return healthReading.parse(data);
}

export function useCorrectReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctReading,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
