import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setUsername, startSession, type TokenPair } from '../../../lib/token-store';

/**
 * Stores a new session and names the page it leads to. The route guard then moves the person
 * there, since it moves everyone with a session off the sign-in pages anyway.
 */
export function useBeginSession() {
  const queryClient = useQueryClient();
  const { key } = useLocation();
  return useCallback(
    (tokens: TokenPair, username: string, landAt: string, landingState?: unknown) => {
      // Answers cached for whoever used this browser before (a session that expired rather than
      // ended with Logout) must not show under the new person's name.
      queryClient.clear();
      setUsername(username);
      startSession(tokens, { fromKey: key, to: landAt, state: landingState });
    },
    [queryClient, key],
  );
}
