import { onlineManager, QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './http-status';
import { isNetworkError } from './offline/network';
import { keepQueriesForOffline } from './offline/kept-queries';

// A 4xx answer will be the same on the next try; server failures and a lost network are worth
// repeating. Without a network a retry waits, paused, until the browser is online again, and the
// screen keeps the readings it had (docs/decisions/0035-offline-readings.md).
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (isNetworkError(error)) return true;
  const status = httpStatusOf(error);
  return status !== undefined && status >= 500;
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes it is online until an 'offline' event comes, which a page loaded
  // offline never gets: its refreshes then ran out of tries and turned to errors instead of
  // pausing. It starts from the browser's word instead.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const queryClient = new QueryClient({
    defaultOptions: {
      // Tried once even when the browser says it is offline (it is sometimes wrong), then paused;
      // kept data stays on screen meanwhile.
      queries: { retry: shouldRetry, networkMode: 'offlineFirst' },
      // A save offline fails at once with a message (or, for a new reading, goes to the outbox)
      // instead of a button that spins until the network returns.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  keepQueriesForOffline(queryClient);
  return queryClient;
}
