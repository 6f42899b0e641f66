import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clearDeviceData } from '../../../lib/offline/clear-device';
import { requestSignOut } from '../../../lib/offline/sign-out-guard';
import { getRefreshToken, signOut } from '../../../lib/token-store';
import { logout } from './logout';

/**
 * Logout (docs/decisions/0008-sessions-and-tokens.md): revoke the refresh token, forget both tokens, forget every cached
 * answer and everything kept on the device for offline use (docs/decisions/0035-offline-readings.md).
 * The route guard then moves the person to a plain sign-in page. Readings still waiting to send
 * would be lost, so with any the person is asked first.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    requestSignOut(() => {
      const refreshToken = getRefreshToken();
      // Not awaited: leaving must not wait on the network, and a failed revoke changes nothing
      // here (the tokens are gone from this browser either way).
      if (refreshToken) logout(refreshToken).catch(() => undefined);
      signOut();
      // The next person at this browser must not see the previous person's cached data.
      queryClient.clear();
      void clearDeviceData().catch(() => undefined);
    });
  }, [queryClient]);
}
