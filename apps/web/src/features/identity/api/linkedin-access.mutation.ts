import { useMutation } from '@tanstack/react-query';
import type { z } from '@vitalia/api/zod';
import { identityPaths, linkedinAccessResponse } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

export interface LinkedinReturn {
  code: string;
  state: string;
  /** The provider's issuer (RFC 9207), forwarded when LinkedIn sends one. */
  iss?: string | undefined;
}

export type LinkedinSignIn = z.infer<typeof linkedinAccessResponse>;

/**
 * Hands the code LinkedIn returned to the server, which exchanges it and checks the ID token.
 * Sessionless: its 401 'Invalid Access Token' is the answer to show, not a lost session.
 */
export async function finishLinkedinSignIn({ code, state, iss }: LinkedinReturn) {
  const path = identityPaths.linkedinAccess.replace(':code', encodeURIComponent(code));
  const query = new URLSearchParams({ state });
  if (iss) query.set('iss', iss);
  const { data } = await apiClient.get(`${path}?${query.toString()}`, { sessionless: true });
  return linkedinAccessResponse.parse(data);
}

export function useFinishLinkedinSignIn() {
  return useMutation({ mutationFn: finishLinkedinSignIn });
}
