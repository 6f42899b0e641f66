import { storageKeys } from '../storage-keys';

// Online, a returning person's session is asked after before anything kept of them is shown:
// the copy of the dashboard (screen-snapshot.ts, painted by src/boot.ts) and the readings kept on
// the device (kept-readings.ts). A session ended from another device (a lost phone, "end every
// other session", a password changed) then shows nothing of the person, not even for the second
// the app took to hear it refused. Offline there is no one to ask: the device shows what it kept,
// at most seven days, until it is online again
// (docs/decisions/0042-returning-dashboard-painted-from-the-device.md). In boot's chunk
// (vite.config.ts), with nothing that loads React.

/**
 * live: the server says the session goes on; ended: it says it is over; offline: the server
 * cannot be reached (the browser says it is offline, or the request found no network); unknown:
 * it answered without saying (an error), took too long, or there was nothing to ask.
 */
export type SessionVerdict = 'live' | 'ended' | 'offline' | 'unknown';

/**
 * Where it is asked: identityPaths.sessionStatus (session-check.test.ts holds them equal), written
 * out so that the paths of every identity call stay out of the script every page loads first.
 */
export const sessionStatusPath = '/api/v1/identity/session/status';

/** How long the server is waited for; past this the answer counts as none (as offline). */
export const sessionCheckWait = 3000;

function storedRefreshToken(): string | null {
  try {
    return window.localStorage.getItem(storageKeys.refreshToken);
  } catch {
    return null;
  }
}

async function askServer(token: string): Promise<SessionVerdict> {
  if (navigator.onLine === false) return 'offline';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), sessionCheckWait);
  try {
    const response = await fetch(sessionStatusPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: token }),
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) return 'unknown';
    const { active } = (await response.json()) as { active?: unknown };
    if (active === true) return 'live';
    if (active !== false) return 'unknown';
    // Another tab may have begun a session of its own meanwhile: the answer is then about a
    // session no longer stored here.
    return storedRefreshToken() === token ? 'ended' : 'unknown';
  } catch {
    // Aborted after the wait: a network too slow to tell, not one that is gone.
    return controller.signal.aborted ? 'unknown' : 'offline';
  } finally {
    clearTimeout(timer);
  }
}

/** The session stored when the page opened (this module is read by src/boot.ts at once). */
let tokenAtStart = storedRefreshToken();
let asked: Promise<SessionVerdict> | null = null;

/**
 * What the server says of the session stored when the page opened; asked once, when first
 * wanted. A session begun on this page since (signed in here or in another tab) is not asked
 * after: it has just been given.
 */
export function storedSessionVerdict(): Promise<SessionVerdict> {
  if (!tokenAtStart || storedRefreshToken() !== tokenAtStart) return Promise.resolve('unknown');
  asked ??= askServer(tokenAtStart);
  return asked;
}

/** Tests start each as a page opening with the session stored now. */
export function forgetSessionVerdictForTests(): void {
  tokenAtStart = storedRefreshToken();
  asked = null;
}
