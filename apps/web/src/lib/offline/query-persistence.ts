import { del, get, set } from 'idb-keyval';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { currentOwner, deviceKeys, deviceStore } from './device-store';
import { isKeptQueryKey, offlineCacheMaxAge } from './kept-queries';

// The readings a person has seen are kept in IndexedDB so that the dashboard, My Health and a
// measure's page open without a network (docs/decisions/0035-offline-readings.md). Only their
// own: each save is filed under the subject of the session's token, a copy filed under another
// subject, or found without a session, is removed instead of restored, and nothing is saved
// without a session. Written here rather than with TanStack's persist-client package, which pins
// its own copy of query-core and would ship it twice.

/** Saves at most once a second: a screen's queries settle in a burst. */
const saveDelay = 1000;

interface KeptQueries {
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

/**
 * A kept query with data is kept even when its last refresh failed: offline, a refresh that ran
 * out of tries turns the query to 'error' with its data still there, and keeping only 'success'
 * queries then dropped every reading from the saved copy, so the next reload offline had nothing
 * to show (docs/performance.md).
 */
function shouldKeepQuery(query: Query): boolean {
  return query.state.data !== undefined && isKeptQueryKey(query.queryKey);
}

/** Saved as the data last fetched: the failed refresh (an error object) is not worth keeping. */
function asFetched(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        status: 'success',
        fetchStatus: 'idle',
        error: null,
        fetchFailureCount: 0,
        fetchFailureReason: null,
      },
    })),
  };
}

/** Writes the kept queries now, or removes the saved copy when there is no session or nothing. */
export async function saveKeptQueries(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const owner = currentOwner();
  const state = asFetched(dehydrate(queryClient, { shouldDehydrateQuery: shouldKeepQuery }));
  if (owner === null || state.queries.length === 0) {
    await del(deviceKeys.queryCache, deviceStore());
    return;
  }
  const kept: KeptQueries = { owner, savedAt: now, state };
  await set(deviceKeys.queryCache, kept, deviceStore());
}

/**
 * Puts the saved readings back into the cache, if they are this person's and recent enough, marked
 * to be fetched again when used.
 */
export async function restoreKeptQueries(
  queryClient: QueryClient,
  now = Date.now(),
): Promise<void> {
  const kept = await get<KeptQueries>(deviceKeys.queryCache, deviceStore());
  if (!kept) return;
  const owner = currentOwner();
  if (owner === null || kept.owner !== owner || now - kept.savedAt > offlineCacheMaxAge) {
    await del(deviceKeys.queryCache, deviceStore());
    return;
  }
  hydrate(queryClient, kept.state);
  // What the device kept is shown at once, and fetched again as soon as a screen uses it: a
  // change made before the copy was restored (an address confirmed by the link that opened this
  // page, a reading recorded on another device) would otherwise stay hidden until the copy went
  // stale, and the copy never overrides what the server says.
  await Promise.all(
    kept.state.queries.map(({ queryKey }) =>
      queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' }),
    ),
  );
}

/**
 * Saves the kept queries a second after the cache changes, and at once when the page is hidden
 * with a save still due: a phone may end a tab in the background, and readings seen just before
 * a switch to another app were otherwise never kept. Returns the unsubscribe.
 */
export function saveKeptQueriesOnChange(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    void saveKeptQueries(queryClient).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (!isKeptQueryKey(event.query.queryKey) || timer) return;
    timer = setTimeout(save, saveDelay);
  });
  const saveIfDue = () => {
    if (timer === null || document.visibilityState !== 'hidden') return;
    clearTimeout(timer);
    save();
  };
  document.addEventListener('visibilitychange', saveIfDue);
  return () => {
    if (timer) clearTimeout(timer);
    document.removeEventListener('visibilitychange', saveIfDue);
    unsubscribe();
  };
}
