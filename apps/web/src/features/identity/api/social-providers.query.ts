import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityPaths, socialProvidersResponse } from '@vitalia/api/identity.contract';
import type { z } from '@vitalia/api/zod';
import { apiClient } from '../../../lib/api-client';

export type SocialProvider = z.infer<typeof socialProvidersResponse>['providers'][number];

export const socialProvidersQueryKey = ['identity', 'social-providers'] as const;

export async function fetchSocialProviders(): Promise<SocialProvider[]> {
  // Asked on the signed-out pages, so no session is involved.
  const { data } = await apiClient.get(identityPaths.socialProviders, { sessionless: true });
  return socialProvidersResponse.parse(data).providers;
}

export function socialProvidersQueryOptions() {
  return queryOptions({
    queryKey: socialProvidersQueryKey,
    queryFn: fetchSocialProviders,
    // Set by the server's configuration, so it changes only with a restart.
    staleTime: 60 * 60_000,
  });
}

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions());
}

/** Where the browser goes (a full page load) to start signing in with LinkedIn. */
export function linkedinStartUrl(redirect: string): string {
  return `${identityPaths.linkedinStart}?${new URLSearchParams({ redirect }).toString()}`;
}
