import { useMutation, useQueryClient } from '@tanstack/react-query';
import { share, sharePath, type Share } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function changeShare(call: { id: string; paused: boolean }): Promise<Share> {
  const { data } = await apiClient.patch(sharePath(call.id), { paused: call.paused });
  return share.parse(data);
}

/** Pauses a share (the doctor is refused until it resumes) or resumes it. */
export function useChangeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingQueryKeys.all }),
  });
}
