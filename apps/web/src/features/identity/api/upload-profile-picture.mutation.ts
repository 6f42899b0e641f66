import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityPaths, profileResponse, type Profile } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/profile.query';

export async function uploadProfilePicture(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await apiClient.post(identityPaths.profilePicture, body);
  return profileResponse.parse(data);
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
