import type { QueryClient } from '@tanstack/react-query';
import { startOfflineSync } from './outbox-sync';
import { del } from 'idb-keyval';
import { storageKeys } from '../storage-keys';
import { clearTokens, subscribe } from '../token-store';
import { currentOwner, deviceKeys, deviceStore } from './device-store';
import { restoreKeptQueries, saveKeptQueriesOnChange } from './query-persistence';
import { forgetScreenSnapshot, screenSnapshotOwner } from './screen-snapshot';
import { storedSessionVerdict } from './session-check';

/**
 * Starts what a session needs on the device (docs/decisions/0035-offline-readings.md): the
 * readings kept from earlier visits are put back into `queryClient` (resolved once they are), the
 * cache is saved as it changes from then on, and the readings waiting to send are sent. Returns
 * the stop of the saving. Loaded by the app's providers only once a session is stored, so the
 * sign-in page's first script carries neither this nor IndexedDB's code.
 */
export async function keepReadings(queryClient: QueryClient): Promise<() => void> {
  // Online, nothing kept of the person is shown before the server says their session goes on
  // (session-check.ts). Ended from another device, what this device kept of them goes as when a
  // refresh is refused (outbox-sync.ts; the readings waiting to send stay for their next sign-in)
  // and the route guard sends them to sign in.
  if ((await storedSessionVerdict()) === 'ended') {
    forgetScreenSnapshot();
    await del(deviceKeys.queryCache, deviceStore()).catch(() => undefined);
    try {
      window.localStorage.removeItem(storageKeys.username);
    } catch {
      // Storage refused: nothing was kept there either.
    }
    clearTokens();
    return () => undefined;
  }
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
