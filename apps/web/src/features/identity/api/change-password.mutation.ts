import { useMutation } from '@tanstack/react-query';
import {
  identityPaths,
  passwordChangeRequest,
  tokenPairResponse,
  type PasswordChangeRequest,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { setTokens, type TokenPair } from '../../../lib/token-store';

export async function changePassword(request: PasswordChangeRequest): Promise<TokenPair> {
  const { data } = await apiClient.put(
    identityPaths.passwordChange,
    passwordChangeRequest.parse(request),
  );
  const { Token, RefreshToken } = tokenPairResponse.parse(data);
  return { accessToken: Token, refreshToken: RefreshToken };
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // The change revokes every other session, this one's old refresh token included.
    onSuccess: (tokens) => setTokens(tokens),
  });
}
