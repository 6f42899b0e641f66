import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  healthReading,
  healthReadingPath,
  healthReadingRequest,
  type HealthReading,
  type HealthReadingRequest,
} from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { recordsQueryKey } from '../../../readings/api/records-query-keys';
import { showChangedReading } from '../../../lib/offline/stored-reading-cache';

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
    // On screen at once, rated as corrected; the dialog closes without waiting for the refresh
    // behind it (one that kept failing held it open).
    onSuccess: (corrected) => {
      showChangedReading(queryClient, { corrected });
      void queryClient.invalidateQueries({ queryKey: recordsQueryKey });
    },
  });
}
