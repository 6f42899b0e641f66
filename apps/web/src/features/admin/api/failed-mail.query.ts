import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failedMailList, systemPaths, type FailedMailList } from '@vitalia/api/system.contract';
import { apiClient } from '../../../lib/api-client';

const failedMailKey = ['admin', 'mail', 'failed'] as const;

export async function fetchFailedMail(): Promise<FailedMailList> {
  const { data } = await apiClient.get(systemPaths.failedMail);
  return failedMailList.parse(data);
}

export function failedMailQueryOptions() {
  return queryOptions({ queryKey: failedMailKey, queryFn: fetchFailedMail });
}

/** Mail that failed every try, newest first (ADMIN only). */
export function useFailedMail() {
  return useQuery(failedMailQueryOptions());
}

export async function retryMail(id: string): Promise<void> {
  await apiClient.post(systemPaths.retryFailedMail.replace(':id', encodeURIComponent(id)));
}

/** Gives one failed mail another try; the list is read again after. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedMailKey }),
  });
}
