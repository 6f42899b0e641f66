import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  identityPaths,
  passwordChangeRequest,
  tokenPairResponse,
  type PasswordChangeRequest,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { setTokens, type TokenPair } from '../../../lib/token-store';
import { sessionsQueryKey } from './sessions';

export async function changePassword(request: PasswordChangeRequest): Promise<TokenPair> {
  const { data } = await apiClient.put(
    identityPaths.passwordChange,
    passwordChangeRequest.parse(request),
  );
  const { Token, RefreshToken } = tokenPairResponse.parse(data);
  return { accessToken: Token, refreshToken: RefreshToken };
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The change revokes every other session, this one's old refresh token included; the list of
    // them is forgotten, so the security page never shows the ended ones, even for a moment.
    onSuccess: (tokens) => {
      setTokens(tokens);
      queryClient.removeQueries({ queryKey: sessionsQueryKey });
    },
  });
}
