import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityPaths, profileResponse, type Profile } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/profile-query-key';

// The same cache entry the header and the account screens use (lib/profile-query-key.ts): the
// cart fills its delivery details from the profile without a second fetch.
export async function fetchProfile(): Promise<Profile> {
  const { data } = await apiClient.get(identityPaths.profile);
  return profileResponse.parse(data);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: fetchProfile, staleTime: 5 * 60_000 });
}

/** Name, phone and email to start the delivery details from. */
export function useBuyerProfile() {
  return useQuery(profileQueryOptions());
}
