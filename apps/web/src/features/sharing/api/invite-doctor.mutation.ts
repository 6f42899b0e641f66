import { useMutation, useQueryClient } from '@tanstack/react-query';
import { share, sharingPaths, type Share, type ShareRequest } from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function inviteDoctor(request: ShareRequest): Promise<Share> {
  const { data } = await apiClient.post(sharingPaths.shares, request);
  return share.parse(data);
}

/** Invites a doctor to see what the person chose; the share waits for their answer. */
export function useInviteDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteDoctor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingQueryKeys.all }),
  });
}
