import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  identityPaths,
  socialProviderIds,
  type SocialProviderId,
} from '@vitalia/api/identity.paths';
import { publicGet } from '../../../lib/public-get';

export type SocialProvider = SocialProviderId;

export const socialProvidersQueryKey = ['identity', 'social-providers'] as const;

export async function fetchSocialProviders(): Promise<SocialProvider[]> {
  // Asked on the signed-out pages as they open, so no session is involved.
  return providersOf(await publicGet(identityPaths.socialProviders));
}

/**
 * The answer's providers (the contract's SocialProviders), checked by hand: this call is made as
 * the sign-in page loads, and zod stays off that page until the form is used
 * (docs/performance.md). A provider this version does not know is left out, as it could not offer
 * it.
 */
export function providersOf(data: unknown): SocialProvider[] {
  const providers: unknown =
    typeof data === 'object' && data !== null && 'providers' in data ? data.providers : undefined;
  if (!Array.isArray(providers)) {
    throw new Error('The server answered the social sign-ins in a way this version does not read.');
  }
  return socialProviderIds.filter((id) => providers.includes(id));
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
