import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityPaths, profileResponse, type Profile } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { useAccessToken } from '../../../lib/token-store';

export const profileQueryKey = ['identity', 'profile'] as const;

export async function fetchProfile(): Promise<Profile> {
  const { data } = await apiClient.get(identityPaths.profile);
  return profileResponse.parse(data);
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: fetchProfile,
    // The profile changes only through this app, and every change writes the answer back here.
    staleTime: 5 * 60_000,
  });
}

/** The signed-in person's profile; idle without a session, so signing out asks for nothing. */
export function useProfile() {
  const token = useAccessToken();
  return useQuery({ ...profileQueryOptions(), enabled: token !== null });
}
