import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.paths';
import { clearTokens, getRefreshToken, setTokens } from '../token-store';
import {
  forgetSessionVerdictForTests,
  sessionStatusPath,
  storedSessionVerdict,
} from './session-check';

const answering = (answer: () => Promise<Response>) => {
  const fetch = vi.fn<typeof globalThis.fetch>(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const json = (body: unknown, status = 200) => Promise.resolve(Response.json(body, { status }));

beforeEach(() => {
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  forgetSessionVerdictForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearTokens();
});

describe('asking whether the session stored at start goes on', () => {
  it('asks where the server answers', () => {
    expect(sessionStatusPath).toBe(identityPaths.sessionStatus);
  });

  it('asks the server once with the refresh token, and hears it goes on', async () => {
    const fetch = answering(() => json({ active: true }));
    expect(await storedSessionVerdict()).toBe('live');
    expect(await storedSessionVerdict()).toBe('live');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe(identityPaths.sessionStatus);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'refresh-1' });
  });

  it('hears it ended', async () => {
    answering(() => json({ active: false }));
    expect(await storedSessionVerdict()).toBe('ended');
  });

  it('takes no network for offline, and a refusal or an odd answer for no verdict', async () => {
    answering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await storedSessionVerdict()).toBe('offline');
    forgetSessionVerdictForTests();
    answering(() => json({ errors: ['busy'] }, 503));
    expect(await storedSessionVerdict()).toBe('unknown');
    forgetSessionVerdictForTests();
    answering(() => json({ active: 'no' }));
    expect(await storedSessionVerdict()).toBe('unknown');
  });

  it('stops waiting after a while, as for no answer', async () => {
    vi.useFakeTimers();
    answering(
      () =>
        new Promise<Response>((_resolve, reject) => {
          // The request's signal aborts it.
          const init = vi.mocked(globalThis.fetch).mock.calls[0]![1]!;
          init.signal!.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    const verdict = storedSessionVerdict();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await verdict).toBe('unknown');
    vi.useRealTimers();
  });

  it('asks nothing offline, nor without a session, nor of a session begun on this page', async () => {
    const fetch = answering(() => json({ active: false }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await storedSessionVerdict()).toBe('offline');
    vi.restoreAllMocks();

    clearTokens();
    forgetSessionVerdictForTests();
    expect(await storedSessionVerdict()).toBe('unknown');
    // Signed in on this page since it opened: the tokens have just been given.
    setTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(await storedSessionVerdict()).toBe('unknown');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says nothing of a session another tab began while it asked', async () => {
    answering(() => {
      setTokens({ accessToken: 'access-3', refreshToken: 'refresh-3' });
      return json({ active: false });
    });
    expect(await storedSessionVerdict()).toBe('unknown');
    expect(getRefreshToken()).toBe('refresh-3');
  });
});
