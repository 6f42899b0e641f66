import { useCallback } from 'react';
import { clearTokens, decodeRole, type TokenPair } from '../../../lib/token-store';
import { logout } from '../api/logout';
import { useBeginSession } from './begin-session.hook';

/** How a sign-in ended: the person is in, or they are a doctor and were turned away. */
export type SignInOutcome = 'signed-in' | 'doctor-refused';

/**
 * The end of every way of signing in (password, two-factor code, reset link, LinkedIn): doctors
 * use the mobile app (docs/decisions/0008-sessions-and-tokens.md), so their tokens are not kept and the session the
 * server just opened is revoked rather than left to expire; anyone else starts the session.
 */
export function useFinishSignIn() {
  const beginSession = useBeginSession();
  return useCallback(
    (
      tokens: TokenPair,
      username: string,
      landAt: string,
      landingState?: unknown,
    ): SignInOutcome => {
      if (decodeRole(tokens.accessToken) === 'DOC') {
        clearTokens();
        logout(tokens.refreshToken).catch(() => undefined);
        return 'doctor-refused';
      }
      beginSession(tokens, username, landAt, landingState);
      return 'signed-in';
    },
    [beginSession],
  );
}
