import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharePath } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function endShare(id: string): Promise<void> {
  await apiClient.delete(sharePath(id));
}

/** Ends a share for good, or withdraws an invite not yet answered. */
export function useEndShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingQueryKeys.all }),
  });
}
