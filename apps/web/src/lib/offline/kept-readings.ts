import type { QueryClient } from '@tanstack/react-query';
import { startOfflineSync } from './outbox-sync';
import { restoreKeptQueries, saveKeptQueriesOnChange } from './query-persistence';

/**
 * Starts what a session needs on the device (docs/decisions/0035-offline-readings.md): the
 * readings kept from earlier visits are put back into `queryClient` (resolved once they are), the
 * cache is saved as it changes from then on, and the readings waiting to send are sent. Returns
 * the stop of the saving. Loaded by the app's providers only once a session is stored, so the
 * sign-in page's first script carries neither this nor IndexedDB's code.
 */
export async function keepReadings(queryClient: QueryClient): Promise<() => void> {
  startOfflineSync(queryClient);
  await restoreKeptQueries(queryClient).catch(() => undefined);
  return saveKeptQueriesOnChange(queryClient);
}
