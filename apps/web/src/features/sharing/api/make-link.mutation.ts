import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createdLink,
  sharingPaths,
  type CreatedLink,
  type LinkRequest,
} from '@vitalia/api/sharing.contract';
import { apiClient } from '../../../lib/api-client';
import { sharingQueryKeys } from './sharing-query-keys';

export async function makeLink(request: LinkRequest): Promise<CreatedLink> {
  const { data } = await apiClient.post(sharingPaths.links, request);
  return createdLink.parse(data);
}

/** Makes a link for a visit; its address and code come back this once and are never stored here. */
export function useMakeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingQueryKeys.all }),
  });
}
