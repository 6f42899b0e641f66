import type { QueryClient } from '@tanstack/react-query';
import { startOfflineSync } from './outbox-sync';
import { subscribe } from '../token-store';
import { currentOwner } from './device-store';
import { restoreKeptQueries, saveKeptQueriesOnChange } from './query-persistence';
import { forgetScreenSnapshot, screenSnapshotOwner } from './screen-snapshot';

/**
 * Starts what a session needs on the device (docs/decisions/0035-offline-readings.md): the
 * readings kept from earlier visits are put back into `queryClient` (resolved once they are), the
 * cache is saved as it changes from then on, and the readings waiting to send are sent. Returns
 * the stop of the saving. Loaded by the app's providers only once a session is stored, so the
 * sign-in page's first script carries neither this nor IndexedDB's code.
 */
export async function keepReadings(queryClient: QueryClient): Promise<() => void> {
  startOfflineSync(queryClient);
  const stopForgetting = subscribe(forgetOthersScreen);
  await restoreKeptQueries(queryClient).catch(() => undefined);
  const stopSaving = saveKeptQueriesOnChange(queryClient);
  return () => {
    stopForgetting();
    stopSaving();
  };
}

/**
 * The copy of the dashboard kept for the next start (screen-snapshot.ts) goes when the session
 * ends or another person's begins, as the kept queries do; not only when a start finds it.
 */
function forgetOthersScreen(): void {
  const owner = screenSnapshotOwner();
  if (owner !== null && owner !== currentOwner()) forgetScreenSnapshot();
}
