import { useMutation } from '@tanstack/react-query';
import type { z } from '@vitalia/api/zod';
import {
  identityPaths,
  passwordResetRequest,
  tokenPairResponse,
  twoFactorMarker,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import type { TokenPair } from '../../../lib/token-store';

export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** A reset signs the person in, or asks for the second step when two-factor sign-in is on. */
export type PasswordResetResult = { kind: 'signed-in'; tokens: TokenPair } | { kind: 'two-factor' };

export async function resetPassword(request: PasswordResetRequest): Promise<PasswordResetResult> {
  // Sessionless: a 401 or 400 here is about the link, never a reason to end a session.
  const { data } = await apiClient.post(
    identityPaths.passwordReset,
    passwordResetRequest.parse(request),
    { sessionless: true },
  );
  const { Token, RefreshToken } = tokenPairResponse.parse(data);
  if (Token === twoFactorMarker) return { kind: 'two-factor' };
  return { kind: 'signed-in', tokens: { accessToken: Token, refreshToken: RefreshToken } };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
