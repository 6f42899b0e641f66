import { clear } from 'idb-keyval';
import { deviceStore } from './device-store';
import { forgetOutbox } from './outbox';
import { forgetScreenSnapshot } from './screen-snapshot';

// Workbox names its precache 'workbox-precache-v2-<scope>': the app's own files, which hold no
// one's data and let the sign-in page open offline. Every other cache is removed at sign-out.
function isPrecache(name: string): boolean {
  return name.startsWith('workbox-precache');
}

async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !isPrecache(name)).map((name) => caches.delete(name)));
}

/**
 * Removes everything kept on the device for offline use: the saved readings queries, the readings
 * waiting to send, the copy of the dashboard painted at start (screen-snapshot.ts), and any cache
 * other than the app's precache (docs/decisions/0035-offline-readings.md).
 */
export async function clearDeviceData(): Promise<void> {
  forgetOutbox();
  forgetScreenSnapshot();
  await Promise.all([clear(deviceStore()), clearCaches()]);
}
