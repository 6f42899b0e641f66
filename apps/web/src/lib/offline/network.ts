import { useSyncExternalStore } from 'react';
import { httpStatusOf } from '../http-status';

// Offline is either the browser saying so (navigator.onLine false) or a request that just failed
// without an answer while the browser still believed it was online (a dead mobile network often
// leaves onLine true). Any answer from the server, even an error, means the network is back.

type Listener = () => void;
const listeners = new Set<Listener>();
let lastRequestLost = false;

function notify(): void {
  for (const listener of listeners) listener();
}

/** True for a request that never got an answer: no network, DNS, a dropped connection. */
export function isNetworkError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (httpStatusOf(error) !== undefined) return false;
  const code = 'code' in error ? error.code : undefined;
  return code === 'ERR_NETWORK' || code === 'ECONNABORTED' || code === 'ETIMEDOUT';
}

/** Called by the API client for every request that ended with or without an answer. */
export function noteRequestOutcome(answered: boolean): void {
  if (lastRequestLost === !answered) return;
  lastRequestLost = !answered;
  notify();
}

// The browser's word that the network is back clears an earlier lost request.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => noteRequestOutcome(true));
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function isOffline(): boolean {
  return browserOffline() || lastRequestLost;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the app is cut off from the server now; re-renders when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
