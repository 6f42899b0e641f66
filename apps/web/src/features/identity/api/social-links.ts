import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  identityPaths,
  linkedinConnectResponse,
  socialLinksResponse,
} from '@vitalia/api/identity.contract';
import type { z } from '@vitalia/api/zod';
import { apiClient } from '../../../lib/api-client';
import { leaveFor } from '../../../lib/leave-for';
import type { LinkedinReturn } from './linkedin-access.mutation';
import { paths } from '../../../lib/paths';

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

// LinkedIn sends every return to the one page it knows (/account/social/linkedin). A tab that set
// out to connect LinkedIn is marked in its session storage before leaving, so that page finishes
// a connection rather than a sign-in. The mark only chooses the call: the server connects only
// the account whose token comes with it, and only with a flow that account started with its
// password, in this browser.
const intentKey = 'vitalia.linkedin.intent';
export const securitySettingsPath = paths.security;

/** The first step: the password, then off to LinkedIn. */
export async function beginLinkedinConnection(password: string): Promise<void> {
  const { data } = await apiClient.post(identityPaths.linkedinConnect, { password });
  const { url } = linkedinConnectResponse.parse(data);
  sessionStorage.setItem(intentKey, 'connect');
  leaveFor(url);
}

export function useBeginLinkedinConnection() {
  return useMutation({ mutationFn: beginLinkedinConnection });
}

/** True once per connection: the mark is removed as it is read. */
export function takeLinkedinConnectionIntent(): boolean {
  const wanted = sessionStorage.getItem(intentKey) === 'connect';
  sessionStorage.removeItem(intentKey);
  return wanted;
}
