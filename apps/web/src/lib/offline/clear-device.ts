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
 * Every key of this site's localStorage: the tokens, the sign-in email the two-factor step reads,
 * the cart, the painted dashboard, a unit choice not yet moved to the profile. The origin's
 * storage holds Vitalia's keys alone, so all of it goes rather than a list that a new key would
 * slip past (README.md: signing out removes everything kept on the phone).
 */
function clearLocalStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Storage refused: nothing was kept in it either.
  }
}

/**
 * Removes everything kept on the device: the saved readings queries, the readings waiting to send,
 * the copy of the dashboard painted at start (screen-snapshot.ts), any cache other than the app's
 * precache (docs/decisions/0035-offline-readings.md), and every localStorage key.
 */
export async function clearDeviceData(): Promise<void> {
  forgetOutbox();
  forgetScreenSnapshot();
  clearLocalStorage();
  await Promise.all([clear(deviceStore()), clearCaches()]);
}
