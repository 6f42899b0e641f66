import { useSyncExternalStore } from 'react';
import { storageKeys } from './storage-keys';

export { storageKeys };
export { decodeRole, decodeSubject, decodeUsername, tokenExpiresAt } from './token-claims';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

// Set by signOut, cleared by the next sign-in: lets the guard tell a person who chose to leave
// (plain sign-in page) from a session that was lost (sign-in offering to return to the page).
let endedOnPurpose = false;

export interface Landing {
  /** The location key of the page the person signed in on. */
  fromKey: string;
  to: string;
  /** History state for the page landed on, such as a flash message. */
  state?: unknown;
}

// Where a sign-in on one particular page leads. The guard moves a person with a session off the
// sign-in pages; this tells it where, so the screen does not race the guard with a navigation of
// its own.
let landing: Landing | null = null;

// Storage can be unavailable (privacy modes, blocked cookies); the app then behaves as signed
// out instead of crashing.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to persist to; the session then lasts as long as the page.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(storageKeys.accessToken) || null;
}

export function getRefreshToken(): string | null {
  return read(storageKeys.refreshToken) || null;
}

export function getUsername(): string | null {
  return read(storageKeys.username) || null;
}

export function setUsername(username: string): void {
  write(storageKeys.username, username);
}

export function setTokens({ accessToken, refreshToken }: TokenPair): void {
  endedOnPurpose = false;
  write(storageKeys.accessToken, accessToken);
  write(storageKeys.refreshToken, refreshToken);
  notify();
}

/**
 * Sign-in and registration: stores the tokens and tells the route guard where the person signed
 * in on the page `landing.fromKey` goes next.
 */
export function startSession(pair: TokenPair, next: Landing): void {
  landing = next;
  setTokens(pair);
}

/** Where the guard sends the person from the page `locationKey`, if they just signed in there. */
export function landingAfterSignIn(locationKey: string): Landing | null {
  return landing?.fromKey === locationKey ? landing : null;
}

export function clearTokens(): void {
  landing = null;
  write(storageKeys.accessToken, null);
  write(storageKeys.refreshToken, null);
  notify();
}

/**
 * Logout: the person ends the session on purpose. The sign-in email kept for the two-factor step
 * goes with every other key when the device is cleared (lib/offline/clear-device.ts), which keeps
 * this module, loaded by the sign-in page, small; a session that merely expired keeps it.
 */
export function signOut(): void {
  endedOnPurpose = true;
  clearTokens();
}

export function sessionEndedOnPurpose(): boolean {
  return endedOnPurpose;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab signing in or out changes localStorage behind this page's back; the storage event
// is the only notice of it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === storageKeys.accessToken ||
      event.key === storageKeys.refreshToken
    ) {
      notify();
    }
  });
}

export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getAccessToken, () => null);
}
