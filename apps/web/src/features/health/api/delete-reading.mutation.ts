import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthReadingPath } from '@vitalia/api/records.contract';
import { apiClient } from '../../../lib/api-client';
import { recordsQueryKey } from '../../../api/records-query-keys';

export async function deleteReading(id: string): Promise<void> {
  await apiClient.delete(healthReadingPath(id));
}

export function useDeleteReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReading,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordsQueryKey }),
  });
}
