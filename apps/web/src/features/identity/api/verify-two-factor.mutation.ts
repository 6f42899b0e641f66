import { useMutation } from '@tanstack/react-query';
import type { z } from '@vitalia/api/zod';
import { identityPaths, loginResponse, tokenVerifyRequest } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import type { TokenPair } from '../../../lib/token-store';

export type TokenVerifyRequest = z.infer<typeof tokenVerifyRequest>;

/**
 * The second step of a sign-in: a code from the app or a recovery code. The server binds it to
 * the password step with an HttpOnly cookie; its 401 'Token not Valid' is an answer to show, so
 * the call is sessionless.
 */
export async function verifyTwoFactor(request: TokenVerifyRequest): Promise<TokenPair> {
  const { data } = await apiClient.post(
    identityPaths.tokenVerify,
    tokenVerifyRequest.parse(request),
    { sessionless: true },
  );
  const { token, refreshToken } = loginResponse.parse(data);
  return { accessToken: token, refreshToken };
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
