import { QueryClient } from '@tanstack/react-query';
import { get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withOfflineSwitch } from '../../test/offline';
import { getAccessToken } from '../token-store';
import { deviceKeys, deviceStore } from './device-store';
import { keepReadings } from './kept-readings';
import { saveKeptQueries } from './query-persistence';
import { keepScreenSnapshot, screenSnapshotOwner } from './screen-snapshot';
import { forgetSessionVerdictForTests } from './session-check';

withOfflineSwitch();

const readingsKey = ['records', 'analysis'];

/** What an earlier visit of user-1 left on the device: its readings and its dashboard's copy. */
async function keptFromLastVisit() {
  const earlier = new QueryClient();
  earlier.setQueryData(readingsKey, { readings: ['SPO2 97'] });
  await saveKeptQueries(earlier);
  keepScreenSnapshot({
    owner: 'user-1',
    path: '/',
    savedAt: Date.now(),
    html: '<h2>Your measures</h2>',
    css: '',
    width: 390,
  });
}

const serverSays = (active: boolean) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ active }))),
  );

let stop: (() => void) | null = null;

beforeEach(() => {
  forgetSessionVerdictForTests();
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.unstubAllGlobals();
});

describe('a returning person’s readings kept on the device', () => {
  it('are put back once the server says the session goes on', async () => {
    await keptFromLastVisit();
    serverSays(true);
    const client = new QueryClient();
    stop = await keepReadings(client);
    expect(client.getQueryData(readingsKey)).toEqual({ readings: ['SPO2 97'] });
    expect(screenSnapshotOwner()).toBe('user-1');
  });

  it('are never shown, and go, when the session was ended from another device', async () => {
    await keptFromLastVisit();
    window.localStorage.setItem('username', 'ada@example.com');
    serverSays(false);
    const client = new QueryClient();
    stop = await keepReadings(client);
    expect(client.getQueryData(readingsKey)).toBeUndefined();
    expect(await get(deviceKeys.queryCache, deviceStore())).toBeUndefined();
    expect(screenSnapshotOwner()).toBeNull();
    // The route guard sends the person to sign in; the address they signed in with goes too.
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem('username')).toBeNull();
  });

  it('are put back when the server cannot be asked (no network)', async () => {
    await keptFromLastVisit();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const client = new QueryClient();
    stop = await keepReadings(client);
    expect(client.getQueryData(readingsKey)).toEqual({ readings: ['SPO2 97'] });
    expect(getAccessToken()).not.toBeNull();
  });
});
