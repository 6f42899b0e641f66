import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthReadingPath, type HealthReading } from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { recordsQueryKey } from '../../../readings/api/records-query-keys';
import { showChangedReading } from '../../../lib/offline/stored-reading-cache';

export async function deleteReading(id: string): Promise<void> {
  await apiClient.delete(healthReadingPath(id));
}

export function useDeleteReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reading: HealthReading) => deleteReading(reading.id),
    // Off the screen at once, and the dialog closes without waiting for the refresh behind it
    // (one that kept failing held it open).
    onSuccess: (_, reading) => {
      showChangedReading(queryClient, { deleted: reading });
      void queryClient.invalidateQueries({ queryKey: recordsQueryKey });
    },
  });
}
