import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  identityPaths,
  profileResponse,
  profileUpdateRequest,
  type Profile,
  type ProfileUpdateRequest,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../api/profile.query';

export async function updateProfile(request: ProfileUpdateRequest): Promise<Profile> {
  const { data } = await apiClient.put(identityPaths.profile, profileUpdateRequest.parse(request));
  return profileResponse.parse(data);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the saved profile, so the header and every screen show it without a refetch.
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
