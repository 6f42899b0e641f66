import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityPaths, socialLinksResponse } from '@vitalia/api/identity.contract';
import type { z } from '@vitalia/api/zod';
import { apiClient } from '../../../lib/api-client';
import type { LinkedinReturn } from './linkedin-access.mutation';
import { linkedinStartUrl } from './social-providers.query';

export type SocialLinks = z.infer<typeof socialLinksResponse>;

export const socialLinksQueryKey = ['identity', 'social-links'] as const;

export async function fetchSocialLinks(): Promise<SocialLinks> {
  const { data } = await apiClient.get(identityPaths.socialLinks);
  return socialLinksResponse.parse(data);
}

export function useSocialLinks(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: socialLinksQueryKey, queryFn: fetchSocialLinks, enabled }),
  );
}

/** Connects the LinkedIn account LinkedIn just vouched for to the signed-in account. */
export async function linkLinkedin({ code, state, iss }: LinkedinReturn): Promise<SocialLinks> {
  const { data } = await apiClient.post(identityPaths.linkedinLink, {
    code,
    state,
    ...(iss ? { iss } : {}),
  });
  return socialLinksResponse.parse(data);
}

export function useLinkLinkedin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkLinkedin,
    onSuccess: (links) => queryClient.setQueryData(socialLinksQueryKey, links),
  });
}

export async function unlinkLinkedin(): Promise<SocialLinks> {
  const { data } = await apiClient.delete(identityPaths.linkedinLink);
  return socialLinksResponse.parse(data);
}

export function useUnlinkLinkedin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkLinkedin,
    onSuccess: (links) => queryClient.setQueryData(socialLinksQueryKey, links),
  });
}

// LinkedIn sends every return to the one page it knows (/account/social/linkedin). A person who
// set out to connect LinkedIn is marked in this tab's session storage before leaving, so the
// page finishes a connection rather than a sign-in. The mark is no credential: the server
// connects only the account whose token comes with the call, and only with a code from a flow
// this browser started.
const intentKey = 'vitalia.linkedin.intent';
export const securitySettingsPath = '/account/security';

/** Where the browser goes (a full page load) to connect LinkedIn; back here afterwards. */
export const linkedinConnectUrl = linkedinStartUrl(securitySettingsPath);

/** Marks this tab as connecting, just before it leaves for LinkedIn. */
export function markLinkedinConnection(): void {
  sessionStorage.setItem(intentKey, 'connect');
}

/** True once per connection: the mark is removed as it is read. */
export function takeLinkedinConnectionIntent(): boolean {
  const wanted = sessionStorage.getItem(intentKey) === 'connect';
  sessionStorage.removeItem(intentKey);
  return wanted;
}
