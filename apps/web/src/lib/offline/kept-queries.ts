import type { QueryClient } from '@tanstack/react-query';

// Which queries are kept on the device for offline use, and for how long
// (docs/decisions/0035-offline-readings.md). Apart from query-persistence.ts, which saves and
// restores them, so that the app's query client can set their lifetime without loading that
// module (and IndexedDB's) with the first screen, where no one is signed in yet.

/** How long kept readings are shown offline; older ones are dropped rather than shown. */
export const offlineCacheMaxAge = 7 * 24 * 3600_000;

/** The queries kept: readings, the analysis, the assessment (all under 'records'), the profile. */
export function isKeptQueryKey(queryKey: readonly unknown[]): boolean {
  if (queryKey[0] === 'records') return true;
  return queryKey[0] === 'identity' && queryKey[1] === 'profile' && queryKey.length === 2;
}

/**
 * Kept queries outlive the five minutes an unused query stays in memory, or they would be gone
 * from the saved copy before they are needed offline.
 */
export function keepQueriesForOffline(queryClient: QueryClient): void {
  for (const queryKey of [['records'], ['identity', 'profile']]) {
    queryClient.setQueryDefaults(queryKey, { gcTime: offlineCacheMaxAge });
  }
}
