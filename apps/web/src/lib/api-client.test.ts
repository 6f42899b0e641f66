import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError } from 'axios';
import { identityPaths, profileResponse } from '@vitalia/api/identity.contract';
import { fakeApi, type FakeRequest } from '../test/fake-api';
import { accessToken } from '../test/identity-fixtures';
import { apiClient, apiErrorMessage, offlineChangeMessage } from './api-client';
import { axiosClient } from './http-client';
import { registerNavigator } from './app-navigator';
import { getAccessToken, getRefreshToken, setTokens } from './token-store';

const records = '/api/v1/records/healths';
const profile = identityPaths.profile;
const tokenEndpoint = identityPaths.oauthToken;

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
let here: string;
let unregister: () => void;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  here = '/store?tab=cart';
  unregister = registerNavigator({ navigate, currentPath: () => here });
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
});

afterEach(() => unregister());

/** Accepts only `Bearer <token>`, as the server would after a rotation. */
function acceptsOnly(token: string) {
  return (request: FakeRequest) =>
    request.headers.Authorization === `Bearer ${token}`
      ? { status: 200, body: { ok: true } }
      : { status: 401, body: { errors: ['Your session has expired'] } };
}

function rotatesTo(access: string, refresh: string) {
  return {
    status: 200,
    body: { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: 900 },
  };
}

describe('api client', () => {
  it('sends the stored access token and follows token changes', async () => {
    fakeApi.on('GET', profile, { status: 200, body: {} });

    await apiClient.get(profile);
    setTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    await apiClient.get(profile);

    expect(fakeApi.requestsTo('GET', profile).map((r) => r.headers.Authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('on a 401 refreshes once with the web client and retries the request with the new token', async () => {
    fakeApi
      .on('GET', records, acceptsOnly('access-2'))
      .on('POST', tokenEndpoint, rotatesTo('access-2', 'refresh-2'));

    const response = await apiClient.get(records);

    expect(response.data).toEqual({ ok: true });
    const [refresh, ...more] = fakeApi.requestsTo('POST', tokenEndpoint);
    expect(more).toEqual([]);
    expect(refresh?.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    // HTTP Basic with the public client id 'vitalia-web' and an empty secret.
    expect(refresh?.headers.Authorization).toBe(`Basic ${btoa('vitalia-web:')}`);
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes once for concurrent 401s, because a reused refresh token ends the session', async () => {
    let finishRefresh = () => {};
    fakeApi
      .on('GET', records, acceptsOnly('access-2'))
      .on('GET', profile, acceptsOnly('access-2'))
      .on(
        'POST',
        tokenEndpoint,
        () =>
          new Promise((resolve) => {
            finishRefresh = () => resolve(rotatesTo('access-2', 'refresh-2'));
          }),
      );

    const both = Promise.all([apiClient.get(records), apiClient.get(profile)]);
    await vi.waitFor(() => expect(fakeApi.requestsTo('POST', tokenEndpoint)).toHaveLength(1));
    // Both requests have failed by now and wait on the one refresh.
    await vi.waitFor(() =>
      expect(fakeApi.requests.filter((r) => r.method === 'GET')).toHaveLength(2),
    );
    finishRefresh();
    const [first, second] = await both;

    expect(first.data).toEqual({ ok: true });
    expect(second.data).toEqual({ ok: true });
    expect(fakeApi.requestsTo('POST', tokenEndpoint)).toHaveLength(1);
    expect(fakeApi.requestsTo('GET', records).map((r) => r.headers.Authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
  });

  it('when the refresh is refused, clears both tokens and sends the person to sign-in', async () => {
    fakeApi
      .on('GET', records, { status: 401, body: { errors: ['Your session has expired'] } })
      .on('POST', tokenEndpoint, { status: 400, body: { error: 'invalid_grant' } });

    await expect(apiClient.get(records)).rejects.toMatchObject({ response: { status: 401 } });

    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(axiosClient.defaults.headers.common.Authorization).toBeUndefined();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      '/account/signin?redirect=%2Fstore%3Ftab%3Dcart',
    );
    // The request is not sent a second time without a session.
    expect(fakeApi.requestsTo('GET', records)).toHaveLength(1);
  });

  it('ends the session when the request is refused again with the fresh token', async () => {
    fakeApi
      .on('GET', records, { status: 401, body: { errors: ['Your session was revoked'] } })
      .on('POST', tokenEndpoint, rotatesTo('access-2', 'refresh-2'));

    await expect(apiClient.get(records)).rejects.toMatchObject({ response: { status: 401 } });

    expect(fakeApi.requestsTo('POST', tokenEndpoint)).toHaveLength(1);
    expect(fakeApi.requestsTo('GET', records)).toHaveLength(2);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      '/account/signin?redirect=%2Fstore%3Ftab%3Dcart',
    );
  });

  it('refreshes before sending when the access token expires within 30 seconds', async () => {
    const fresh = accessToken('USER', 900);
    setTokens({ accessToken: accessToken('USER', 10), refreshToken: 'refresh-1' });
    fakeApi
      .on('GET', records, acceptsOnly(fresh))
      .on('POST', tokenEndpoint, rotatesTo(fresh, 'refresh-2'));

    await apiClient.get(records);

    expect(fakeApi.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${tokenEndpoint}`,
      `GET ${records}`,
    ]);
    expect(fakeApi.requestsTo('GET', records)[0]?.headers.Authorization).toBe(`Bearer ${fresh}`);
  });

  it('does not refresh a token with time to spare', async () => {
    const token = accessToken('USER', 5 * 60);
    setTokens({ accessToken: token, refreshToken: 'refresh-1' });
    fakeApi.on('GET', records, acceptsOnly(token));

    await apiClient.get(records);

    expect(fakeApi.requestsTo('POST', tokenEndpoint)).toEqual([]);
  });

  it('ends the session before sending when the early refresh fails', async () => {
    setTokens({ accessToken: accessToken('USER', 10), refreshToken: 'refresh-1' });
    fakeApi.on('POST', tokenEndpoint, { status: 400, body: { error: 'invalid_grant' } });

    await expect(apiClient.get(records)).rejects.toBeInstanceOf(AxiosError);

    expect(fakeApi.requestsTo('GET', records)).toEqual([]);
    expect(getAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      '/account/signin?redirect=%2Fstore%3Ftab%3Dcart',
    );
  });

  it('keeps the session and the page when the network is down', async () => {
    fakeApi.on('GET', records, 'network-error');

    await expect(apiClient.get(records)).rejects.toBeInstanceOf(AxiosError);

    // Offline the person stays with the readings kept on the device (decision 0035).
    expect(getAccessToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(fakeApi.requestsTo('POST', tokenEndpoint)).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the session when a refresh gets no answer', async () => {
    fakeApi
      .on('GET', records, { status: 401, body: { errors: ['Your session has expired'] } })
      .on('POST', tokenEndpoint, 'network-error');

    await expect(apiClient.get(records)).rejects.toBeInstanceOf(AxiosError);

    expect(getAccessToken()).toBe('access-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not navigate again when the person is already on sign-in', async () => {
    here = '/account/signin?redirect=%2Fstore';
    fakeApi
      .on('GET', profile, { status: 401, body: { errors: ['Not signed in'] } })
      .on('POST', tokenEndpoint, { status: 400, body: { error: 'invalid_grant' } });

    await expect(apiClient.get(profile)).rejects.toBeInstanceOf(AxiosError);

    expect(getAccessToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("takes a sessionless call's 401 as its answer: no refresh, no retry, no navigation", async () => {
    fakeApi.on('POST', identityPaths.login, {
      status: 401,
      body: { errors: ['Email address or password is wrong'] },
    });

    const error: unknown = await apiClient
      .post(identityPaths.login, {}, { sessionless: true })
      .catch((e: unknown) => e);

    expect(apiErrorMessage(error)).toBe('Email address or password is wrong');
    expect(fakeApi.requests).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passes other errors to the caller and keeps the session', async () => {
    fakeApi.on('PUT', profile, { status: 400, body: { errors: ['Height must be a number'] } });

    const error: unknown = await apiClient.put(profile, {}).catch((e: unknown) => e);

    expect(apiErrorMessage(error)).toBe('Height must be a number');
    expect(getAccessToken()).toBe('access-1');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('apiErrorMessage', () => {
  async function errorFrom(status: number, body: unknown): Promise<unknown> {
    fakeApi.on('GET', '/api/v1/anything', { status, body });
    return apiClient.get('/api/v1/anything').catch((e: unknown) => e);
  }

  it('prefers the first entry of the errors list', async () => {
    expect(apiErrorMessage(await errorFrom(409, { errors: ['First', 'Second'] }))).toBe('First');
  });

  it('falls back to detail, then to the transport message', async () => {
    expect(apiErrorMessage(await errorFrom(403, { detail: 'Not yours' }))).toBe('Not yours');
    expect(apiErrorMessage(await errorFrom(500, 'oops'))).toBe(
      'Request failed with status code 500',
    );
  });

  it('words an answer that does not match the contract without dumping its details', () => {
    const mismatch = profileResponse.safeParse({ userID: 7 }).error;

    expect(apiErrorMessage(mismatch)).toMatch(/^The server answered in a way this version/);
  });

  it('says a request that got no answer changed nothing, instead of "Network Error"', async () => {
    fakeApi.on('PUT', '/api/v1/anything', 'network-error');
    const lost = await apiClient.put('/api/v1/anything', {}).catch((e: unknown) => e);

    expect(apiErrorMessage(lost)).toBe(offlineChangeMessage);
    expect(offlineChangeMessage).toMatch(/^You are offline, .* nothing was changed\./);
  });

  it('words errors that did not come from axios too', () => {
    expect(apiErrorMessage(new Error('Broken'))).toBe('Broken');
    expect(apiErrorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
