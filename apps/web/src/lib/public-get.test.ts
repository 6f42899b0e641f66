import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { apiErrorMessage, offlineChangeMessage } from './api-client';
import { isHttpError } from './http-error';
import { httpStatusOf } from './http-status';
import { isNetworkError } from './offline/network';
import { publicGet } from './public-get';

describe('a public read with the browser’s fetch', () => {
  it('answers the JSON the server sent, asking for JSON', async () => {
    fakeApi.on('GET', '/api/v1/identity/social/providers', {
      status: 200,
      body: { providers: ['linkedin'] },
    });
    await expect(publicGet('/api/v1/identity/social/providers')).resolves.toEqual({
      providers: ['linkedin'],
    });
    const [request] = fakeApi.requestsTo('GET', '/api/v1/identity/social/providers');
    expect(request?.headers.accept).toBe('application/json');
  });

  it('fails on a refusal as the API client does: its status, and the server’s own words', async () => {
    fakeApi.on('GET', '/api/v1/privacy/contact', {
      status: 503,
      body: { errors: ['The privacy contact is not configured.'] },
    });
    const error = await publicGet('/api/v1/privacy/contact').catch((failure: unknown) => failure);
    expect(isHttpError(error)).toBe(true);
    expect(httpStatusOf(error)).toBe(503);
    expect(isNetworkError(error)).toBe(false);
    expect(apiErrorMessage(error)).toBe('The privacy contact is not configured.');
  });

  it('fails without an answer as a lost network, with the offline message', async () => {
    fakeApi.on('GET', '/api/v1/privacy/contact', 'network-error');
    const error = await publicGet('/api/v1/privacy/contact').catch((failure: unknown) => failure);
    expect(isNetworkError(error)).toBe(true);
    expect(apiErrorMessage(error)).toBe(offlineChangeMessage);
  });
});
