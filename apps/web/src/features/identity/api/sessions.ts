import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endedSessionsResponse,
  identityPaths,
  sessionPath,
  sessionsResponse,
  type SessionView,
} from '@vitalia/api/identity.contract';
import { apiClient } from '../../../lib/api-client';

// Where the person is signed in, and ending those sessions (apps/server/src/features/identity/
// sessions.routes.ts). Every ending refreshes the list, so what the page shows is what the server
// holds, never a guess.

export const sessionsQueryKey = ['identity', 'sessions'] as const;

/** Live sessions, the most recently used first; the one asking is marked `current`. */
export async function fetchSessions(): Promise<SessionView[]> {
  const { data } = await apiClient.get(identityPaths.sessions);
  return sessionsResponse.parse(data).sessions;
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: sessionsQueryKey, queryFn: fetchSessions }));
}

export async function endSession(id: string): Promise<void> {
  await apiClient.delete(sessionPath(id));
}

/** Every session but this one; answers how many ended. */
export async function endOtherSessions(): Promise<number> {
  const { data } = await apiClient.post(identityPaths.sessionsEndOthers);
  return endedSessionsResponse.parse(data).ended;
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // Settled either way: a 404 means it had ended already, which the fresh list shows too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
