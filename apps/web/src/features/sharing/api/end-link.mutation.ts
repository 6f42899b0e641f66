import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinkPath } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function endLink(id: string): Promise<void> {
  await apiClient.delete(shareLinkPath(id));
}

/** Ends a link before it expires: it opens nothing from then on. */
export function useEndLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingQueryKeys.all }),
  });
}
