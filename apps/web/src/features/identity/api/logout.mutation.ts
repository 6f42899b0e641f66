import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { identityPaths } from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';
import { getRefreshToken, signOut } from '../../../lib/token-store';

/**
 * Revokes the session of a refresh token. The refresh token is the credential, so this works
 * after the access token has expired too.
 */
export async function logout(refreshToken: string): Promise<void> {
  await apiClient.post(identityPaths.logout, { refreshToken }, { sessionless: true });
}

/**
 * Logout (docs/decisions/0008-sessions-and-tokens.md): revoke the refresh token, forget both tokens, forget every cached
 * answer. The route guard then moves the person to a plain sign-in page.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const refreshToken = getRefreshToken();
    // Not awaited: leaving must not wait on the network, and a failed revoke changes nothing here
    // (the tokens are gone from this browser either way).
    if (refreshToken) logout(refreshToken).catch(() => undefined);
    signOut();
    // The next person at this browser must not see the previous person's cached data.
    queryClient.clear();
  }, [queryClient]);
}
