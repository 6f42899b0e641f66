import axios, { isAxiosError, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { identityPaths, webClientId } from '@vitalia/api/identity.paths';
import { currentPath, navigateTo } from './app-navigator';
import { identityContract } from './identity-contract';
import { isNetworkError, noteRequestOutcome } from './offline/network';
import { isSignInPath, signInUrl } from './sign-in-url';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  setTokens,
  subscribe,
  tokenExpiresAt,
} from './token-store';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * For the calls that work without a session (login, register, logout): their 401 means wrong
     * credentials, not an expired token, so they are never refreshed, retried or allowed to end
     * the session.
     */
    sessionless?: boolean;
  }
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  /** Set once a request has been retried after a refresh, so a second 401 ends the session. */
  retriedAfterRefresh?: boolean;
}

const sharedConfig = {
  // Same origin: the server serves both the app and the API, and Vite proxies in development.
  baseURL: '',
  timeout: 0,
  headers: { Accept: 'application/json' },
  // Named by the spec; axios only sends the header to the same origin.
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
} as const;

export const apiClient = axios.create(sharedConfig);

/**
 * The token endpoint gets a client of its own, without the interceptors below: a refresh that
 * failed with 401 must not try to refresh itself.
 */
export const tokenEndpointClient = axios.create(sharedConfig);

/** A refresh this close to expiry, so a request never leaves with a token that dies in transit. */
export const refreshMargin = 30_000;

function syncAuthorization(): void {
  const token = getAccessToken();
  if (token) apiClient.defaults.headers.common.Authorization = `Bearer ${token}`;
  else delete apiClient.defaults.headers.common.Authorization;
}

syncAuthorization();
subscribe(syncAuthorization);

// The web app is a public client: HTTP Basic with its id and an empty secret (RFC 6749 2.3.1).
const clientAuthorization = `Basic ${btoa(`${webClientId}:`)}`;

async function requestNewTokens(refreshToken: string): Promise<void> {
  // Loaded before the refresh token is spent: failing to load it after would lose the new pair.
  // Not loaded (the network went), it is a refresh without an answer, and the session stays.
  const { oauthTokenResponse } = await identityContract().catch((error: unknown) => {
    throw Object.assign(new Error('The sign-in schemas could not be loaded.', { cause: error }), {
      code: 'ERR_NETWORK',
    });
  });
  const { data } = await tokenEndpointClient.post(
    identityPaths.oauthToken,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    { headers: { Authorization: clientAuthorization } },
  );
  const tokens = oauthTokenResponse.parse(data);
  setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
}

async function refreshUnlessAnotherTabDid(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw new Error('There is no session to refresh.');
  const refresh = async () => {
    // Another tab may have rotated the pair while this one waited for the lock; presenting the
    // old refresh token then would look like theft to the server and end every session.
    const current = getRefreshToken();
    if (current && current !== refreshToken) return;
    if (!current) throw new Error('The session ended in another tab.');
    await requestNewTokens(current);
  };
  // Tabs share localStorage, so they must also take turns at the token endpoint.
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request('vitalia-token-refresh', refresh);
  } else {
    await refresh();
  }
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one call: the server
 * rotates the refresh token at every use and treats a second use as theft.
 */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= refreshUnlessAnotherTabDid().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Clears the tokens and sends the person to sign-in, returning them here afterwards. */
function endSession(): void {
  // Read the page before clearing: the route guard reacts to the cleared tokens too, and both
  // must agree on where to return after signing in again.
  const here = currentPath();
  const hadSession = getAccessToken() !== null || getRefreshToken() !== null;
  clearTokens();
  // Several requests failing together end the session once.
  if (hadSession && !isSignInPath(here)) navigateTo(signInUrl(here));
}

/**
 * A refresh that got no answer says nothing about the session: offline, the person stays where
 * they are with the readings kept on the device (docs/decisions/0035-offline-readings.md), and
 * the refresh is tried again with the next request.
 */
function endSessionUnlessOffline(error: unknown): void {
  if (isNetworkError(error)) {
    noteRequestOutcome(false);
    return;
  }
  endSession();
}

function expiresSoon(token: string): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - Date.now() < refreshMargin;
}

apiClient.interceptors.request.use(async (config) => {
  if (config.sessionless) return config;
  const token = getAccessToken();
  if (token && expiresSoon(token) && getRefreshToken()) {
    try {
      await refreshSession();
    } catch (error) {
      endSessionUnlessOffline(error);
      throw error;
    }
  }
  // Headers were copied from the defaults before this ran; the refresh may have replaced them.
  const current = getAccessToken();
  if (current) config.headers.set('Authorization', `Bearer ${current}`);
  else config.headers.delete('Authorization');
  return config;
});

function sentToken(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

async function recoverFromUnauthorized(error: AxiosError, config: RetriableConfig) {
  config.retriedAfterRefresh = true;
  // A request that left before a refresh finished only needs the token that refresh brought.
  const token = getAccessToken();
  if (!token || token === sentToken(config)) {
    try {
      await refreshSession();
    } catch (refreshError) {
      endSessionUnlessOffline(refreshError);
      throw error;
    }
  }
  return apiClient.request(config);
}

apiClient.interceptors.response.use(
  (response) => {
    noteRequestOutcome(true);
    return response;
  },
  (error: unknown) => {
    // Any answer, even a refusal, shows the server can be reached; no answer shows it cannot.
    if (isAxiosError(error)) noteRequestOutcome(!isNetworkError(error));
    return settleFailure(error);
  },
);

function settleFailure(error: unknown) {
  if (!isAxiosError(error) || error.config?.sessionless) return Promise.reject(error);
  const config = error.config as RetriableConfig | undefined;
  if (
    error.response?.status === 401 &&
    config &&
    !config.retriedAfterRefresh &&
    getRefreshToken()
  ) {
    return recoverFromUnauthorized(error, config);
  }
  // A lost network is not a lost session: the person keeps the page and the readings on it.
  if (error.response?.status === 401) endSession();
  // The caller still sees the failure, so a form can show its message and a query its error.
  return Promise.reject(error);
}

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
  if (isAxiosError(error)) return firstServerMessage(error.response?.data) ?? error.message;
  // Answers are checked against the contract; a mismatch means client and server versions differ.
  // (Told by its name: zod itself is not loaded before the first screen needs it.)
  if (error instanceof Error && error.name === 'ZodError') {
    return 'The server answered in a way this version of Vitalia does not understand. Reload the page; if it keeps happening, tell the people who run this Vitalia installation.';
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
