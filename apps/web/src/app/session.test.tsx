import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken, setTokens } from '../lib/token-store';
import { fakeApi, type FakeRequest } from '../test/fake-api';
import { accessToken, aProfile } from '../test/identity-fixtures';
import { renderApp } from '../test/render-app';

describe('an expired session', () => {
  it('is renewed without the person noticing', async () => {
    const fresh = accessToken('USER');
    setTokens({ accessToken: 'expired', refreshToken: 'refresh-1' });
    fakeApi
      .on('GET', identityPaths.profile, (request: FakeRequest) =>
        request.headers.Authorization === `Bearer ${fresh}`
          ? { status: 200, body: aProfile() }
          : { status: 401, body: { errors: ['Please sign in: your session has ended.'] } },
      )
      .on('POST', identityPaths.oauthToken, {
        status: 200,
        body: {
          access_token: fresh,
          refresh_token: 'refresh-2',
          token_type: 'Bearer',
          expires_in: 900,
        },
      });
    renderApp('/store');

    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByText('Welcome, Ada')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    expect(getRefreshToken()).toBe('refresh-2');
    expect(fakeApi.requestsTo('POST', identityPaths.oauthToken)).toHaveLength(1);
  });

  it('that cannot be renewed ends on sign-in, which offers to return to the page', async () => {
    setTokens({ accessToken: 'expired', refreshToken: 'revoked' });
    fakeApi
      .on('GET', identityPaths.profile, {
        status: 401,
        body: { errors: ['Please sign in: your session has ended.'] },
      })
      .on('POST', identityPaths.oauthToken, { status: 400, body: { error: 'invalid_grant' } });
    const app = renderApp('/store?tab=cart');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/signin?redirect=%2Fstore%3Ftab%3Dcart');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });
});
