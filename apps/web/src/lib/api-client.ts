import type { AxiosInstance } from 'axios';
import { isHttpError } from './http-error';
import { isNetworkError } from './offline/network';
import { getAccessToken, getRefreshToken } from './token-store';

let loading: Promise<AxiosInstance> | undefined;

/**
 * The API client of lib/http-client.ts, loaded once. axios and the session's handling are some
 * 20 KB of compressed script that a signed-out page needs only when the person sends a form, so
 * they are not part of the first screen (docs/decisions/0040-api-client-on-first-use.md). A load
 * that fails (no network, and the app not installed) fails the request as a lost network does,
 * and the next request tries the load again.
 */
export function loadApiClient(): Promise<AxiosInstance> {
  loading ??= import('./http-client').then(
    (module) => module.axiosClient,
    (error: unknown) => {
      loading = undefined;
      throw Object.assign(
        new Error('The connection to Vitalia could not be set up.', { cause: error }),
        {
          code: 'ERR_NETWORK',
        },
      );
    },
  );
  return loading;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

function onFirstUse<K extends Method>(method: K): AxiosInstance[K] {
  const call = async (...args: unknown[]): Promise<unknown> => {
    const client = await loadApiClient();
    return (client[method] as (...request: unknown[]) => Promise<unknown>)(...args);
  };
  return call as AxiosInstance[K];
}

/** axios's methods, the same signatures, each waiting for the client's first load. */
export const apiClient: Pick<AxiosInstance, Method> = {
  get: onFirstUse('get'),
  post: onFirstUse('post'),
  put: onFirstUse('put'),
  patch: onFirstUse('patch'),
  delete: onFirstUse('delete'),
};

/**
 * When to load it: at once for someone signed in, whose screen asks the server for their data
 * straight away; otherwise at the first key or touch, so that it has arrived by the time a
 * form is sent, without being part of the page's first load.
 */
function loadAhead(): void {
  const load = () => void loadApiClient().catch(() => undefined);
  if (getAccessToken() !== null || getRefreshToken() !== null) {
    load();
    return;
  }
  // Not on focus: a form's first field takes the focus by itself as the page opens.
  for (const type of ['pointerdown', 'keydown']) {
    window.addEventListener(type, load, { once: true, capture: true, passive: true });
  }
}

if (typeof window !== 'undefined') loadAhead();

function firstServerMessage(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  if ('errors' in data && Array.isArray(data.errors)) {
    const [first] = data.errors as unknown[];
    if (typeof first === 'string' && first) return first;
  }
  if ('detail' in data && typeof data.detail === 'string' && data.detail) return data.detail;
  return undefined;
}

/**
 * In place of axios's bare 'Network Error' for a change that got no answer (a correction, a
 * deletion, a profile or an order; a new reading is kept to send instead): what happened, and
 * that what was typed is still there to send again.
 */
export const offlineChangeMessage =
  'You are offline, or the server cannot be reached, so nothing was changed. Try again when you are back online.';

/** The same for a sign-in (a password or a code), where nothing was meant to change. */
export const offlineSignInMessage =
  'You are offline, or the server cannot be reached. Signing in needs a connection: try again when you are back online.';

/** apiErrorMessage for the sign-in steps, whose lost answer is told without "nothing was changed". */
export function signInErrorMessage(error: unknown): string {
  return isNetworkError(error) ? offlineSignInMessage : apiErrorMessage(error);
}

/** The sentence to show a person for a failed call, as the server worded it when it did. */
export function apiErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return offlineChangeMessage;
  if (isHttpError(error)) return firstServerMessage(error.response?.data) ?? error.message;
  // Answers are checked against the contract; a mismatch means client and server versions differ.
  // (Told by its name: zod itself is not loaded before the first screen needs it.)
  if (error instanceof Error && error.name === 'ZodError') {
    return 'The server answered in a way this version of Vitalia does not understand. Reload the page; if it keeps happening, tell the people who run this Vitalia installation.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
