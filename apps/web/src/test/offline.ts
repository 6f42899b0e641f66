import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { forgetDeviceStoreForTests } from '../lib/offline/device-store';
import { loadOutbox } from '../lib/offline/outbox';
import { signInAs } from './identity-fixtures';

/**
 * For the tests of screens without a network: each test starts signed in and online, with an
 * empty IndexedDB and outbox, and ends online again. `goOffline` is the browser losing the
 * network (the event and navigator.onLine); `browserSaysOffline` only changes navigator.onLine,
 * as for a page loaded without a network.
 */
export function withOfflineSwitch() {
  let online = true;
  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    forgetDeviceStoreForTests();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    signInAs();
    await loadOutbox();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
  });
  return {
    goOffline() {
      online = false;
      act(() => void window.dispatchEvent(new Event('offline')));
    },
    browserSaysOffline() {
      online = false;
    },
    /** The network back: navigator.onLine and the event. */
    goOnline() {
      online = true;
      act(() => void window.dispatchEvent(new Event('online')));
    },
  };
}
