// The API client proper: axios, the session's tokens on every request, a refresh before a token
// dies and one retry after a 401. Loaded by api-client.ts on first use rather than with the first
// screen, which for a signed-out page makes no request (docs/decisions/0040-api-client-on-first-use.md).
import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { identityPaths, webClientId } from '@vitalia/api/identity.paths';
import { currentPath, navigateTo } from './app-navigator';
import { identityContract } from './identity-contract';
import { isHttpError } from './http-error';
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

export const axiosClient = axios.create(sharedConfig);

/**
 * The token endpoint gets a client of its own, without the interceptors below: a refresh that
 * failed with 401 must not try to refresh itself.
 */
export const tokenEndpointClient = axios.create(sharedConfig);

/** A refresh this close to expiry, so a request never leaves with a token that dies in transit. */
export const refreshMargin = 30_000;

function syncAuthorization(): void {
  const token = getAccessToken();
  if (token) axiosClient.defaults.headers.common.Authorization = `Bearer ${token}`;
  else delete axiosClient.defaults.headers.common.Authorization;
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

axiosClient.interceptors.request.use(async (config) => {
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
  return axiosClient.request(config);
}

axiosClient.interceptors.response.use(
  (response) => {
    noteRequestOutcome(true);
    return response;
  },
  (error: unknown) => {
    // Any answer, even a refusal, shows the server can be reached; no answer shows it cannot.
    if (isHttpError(error)) noteRequestOutcome(!isNetworkError(error));
    return settleFailure(error);
  },
);

function settleFailure(error: unknown) {
  if (!isHttpError(error) || error.config?.sessionless) return Promise.reject(error);
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
