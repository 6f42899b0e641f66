import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityPaths, profileResponse, type Profile } from '@vitalia/api/identity.contract';
import { apiClient } from '../lib/api-client';
import { useAccessToken } from '../lib/token-store';

// One cache entry for the signed-in person's profile (GET /api/v1/identity/profile), read by
// several features: identity edits it, health rates pulse and BMI with it, the store fills the
// delivery details from it, the dashboard says what it lacks. One fetch, and a saved profile is
// seen everywhere at once.

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
