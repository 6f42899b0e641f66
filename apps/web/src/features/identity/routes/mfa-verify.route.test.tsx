import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken, setUsername } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

function answerVerify(token: string, refreshToken = 'refresh-2fa') {
  fakeApi
    .on('POST', identityPaths.tokenVerify, { status: 200, body: { token, refreshToken } })
    .on('GET', identityPaths.profile, { status: 200, body: aProfile() });
}

async function enterCode(code: string, label = 'Authentication code') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(label), code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  return user;
}

describe('the two-factor step', () => {
  beforeEach(() => setUsername('ada@example.com'));

  it('asks for the code with a numeric, one-time-code field', async () => {
    renderApp('/account/mfa/verify');

    const field = await screen.findByLabelText('Authentication code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText(/signing in as/)).toHaveTextContent('ada@example.com');
  });

  it('sends the code with the username of the password step and goes to redirect', async () => {
    const token = accessToken('USER');
    answerVerify(token);
    const app = renderApp('/account/mfa/verify?redirect=%2Fstore');

    await enterCode('123456');

    expect(await screen.findByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    expect(app.currentUrl()).toBe('/store');
    expect(fakeApi.requestsTo('POST', identityPaths.tokenVerify)[0]?.body).toEqual({
      Username: 'ada@example.com',
      Token: '123456',
    });
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('refresh-2fa');
  });

  it('goes home without a redirect, and never to another site', async () => {
    answerVerify(accessToken('USER'));
    const app = renderApp('/account/mfa/verify?redirect=%2F%2Fevil.example');

    await enterCode('123456');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(app.currentUrl()).toBe('/');
  });

  it("says the code is not right for the wire's 'Token not Valid', and offers to start again, keeping the person on the page", async () => {
    fakeApi.on('POST', identityPaths.tokenVerify, {
      status: 401,
      body: { errors: ['Token not Valid'] },
    });
    const app = renderApp('/account/mfa/verify?redirect=%2Fstore');

    await enterCode('654321');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not right, or it has expired.');
    expect(alert).not.toHaveTextContent('Token not Valid');
    expect(within(alert).getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/account/signin?redirect=%2Fstore',
    );
    expect(app.currentUrl()).toBe('/account/mfa/verify?redirect=%2Fstore');
    // Sessionless: a 401 here is an answer, not a lost session to refresh.
    expect(fakeApi.requestsTo('POST', identityPaths.oauthToken)).toEqual([]);
  });

  it('takes a recovery code instead', async () => {
    answerVerify(accessToken('USER'));
    renderApp('/account/mfa/verify');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).not.toHaveAttribute('inputmode', 'numeric');
    await enterCode('abcde-23456', 'Recovery code');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.tokenVerify)[0]?.body).toEqual({
      Username: 'ada@example.com',
      Token: 'abcde-23456',
    });
  });

  it('checks that an app code is six digits before sending it', async () => {
    renderApp('/account/mfa/verify');

    await enterCode('12345');

    expect(
      await screen.findByText(
        'Authentication code must be the 6 digits your authenticator app shows',
      ),
    ).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.tokenVerify)).toEqual([]);
  });

  it('turns a doctor away as sign-in does', async () => {
    fakeApi
      .on('POST', identityPaths.tokenVerify, {
        status: 200,
        body: { token: accessToken('DOC'), refreshToken: 'doctor-refresh' },
      })
      .on('POST', identityPaths.logout, { status: 204 });
    const app = renderApp('/account/mfa/verify');

    await enterCode('123456');

    expect(await screen.findByText('Please use the mobile app')).toBeVisible();
    expect(getAccessToken()).toBeNull();
    expect(app.currentUrl()).toBe('/account/mfa/verify');
    expect(fakeApi.requestsTo('POST', identityPaths.logout)[0]?.body).toEqual({
      refreshToken: 'doctor-refresh',
    });
  });
});

describe('the two-factor step without a password step', () => {
  it('says to sign in first', async () => {
    renderApp('/account/mfa/verify');

    expect(await screen.findByText('Sign in first')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/account/signin',
    );
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});
