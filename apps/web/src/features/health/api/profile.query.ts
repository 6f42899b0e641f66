import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityPaths, profileResponse, type Profile } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/profile-query-key';

// The same cache entry the account screens read and write (lib/profile-query-key.ts), so a saved
// date of birth or height rates pulse and BMI at once, without a second fetch.
export async function fetchProfile(): Promise<Profile> {
  const { data } = await apiClient.get(identityPaths.profile);
  return profileResponse.parse(data);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: fetchProfile, staleTime: 5 * 60_000 });
}

/** Date of birth and gender rate a pulse; height turns a weight into a BMI. */
export function useHealthProfile() {
  return useQuery(profileQueryOptions());
}
