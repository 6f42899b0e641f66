import { createStore, type UseStore } from 'idb-keyval';
import { decodeSubject, getAccessToken } from '../token-store';

// Everything the app keeps on the device for offline use lives in one IndexedDB store, so
// signing out clears it with one call (docs/decisions/0035-offline-readings.md).
export const deviceDatabaseName = 'vitalia-offline';
const storeName = 'kept';

/** The keys of the store: the persisted readings queries and the readings waiting to send. */
export const deviceKeys = { queryCache: 'query-cache', outbox: 'outbox' } as const;

let store: UseStore | null = null;

/** Opened on first use: tests and browsers without IndexedDB never open it at import. */
export function deviceStore(): UseStore {
  store ??= createStore(deviceDatabaseName, storeName);
  return store;
}

/** Tests start each case with a fresh database. */
export function forgetDeviceStoreForTests(): void {
  store = null;
}

/**
 * Whose data the device may show and send: the subject of the access token. Null without a
 * session, and then nothing is kept.
 */
export function currentOwner(): string | null {
  const token = getAccessToken();
  // Asked for every query kept on the device: the token is decoded once, not each time (18 ms
  // in a phone's profile of the dashboard, docs/performance.md).
  if (token !== ownerRead.token) ownerRead = { token, owner: decodeSubject(token) };
  return ownerRead.owner;
}

let ownerRead: { token: string | null; owner: string | null } = { token: null, owner: null };
