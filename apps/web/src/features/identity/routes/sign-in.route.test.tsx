import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken, getUsername } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

function answerLogin(token: string, refreshToken = 'refresh-1') {
  fakeApi.on('POST', identityPaths.login, { status: 200, body: { token, refreshToken } });
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
}

async function signIn(email = 'ada@example.com', password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in', () => {
  it('signs in and returns the person to the page named in redirect', async () => {
    const token = accessToken('USER');
    answerLogin(token);
    const app = renderApp('/account/signin?redirect=%2Feducation%3Ftag%3Dsleep');

    await signIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    expect(app.currentUrl()).toBe('/education?tag=sleep');
    expect(fakeApi.requestsTo('POST', identityPaths.login)[0]?.body).toEqual({
      Username: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('refresh-1');
    expect(getUsername()).toBe('ada@example.com');
  });

  it('goes to the dashboard when there is no redirect, greeting the person by name', async () => {
    answerLogin(accessToken('USER'));
    const app = renderApp('/account/signin');

    await signIn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(app.currentUrl()).toBe('/');
    expect(await within(screen.getByRole('banner')).findByText('Welcome, Ada')).toBeVisible();
  });

  it('turns a doctor away: alert, no tokens kept, no navigation, session revoked', async () => {
    answerLogin(accessToken('DOC'), 'doctor-refresh');
    fakeApi.on('POST', identityPaths.logout, { status: 204 });
    const app = renderApp('/account/signin?redirect=%2Fstore');

    await signIn('dr.who@example.com');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please use the mobile app');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(app.currentUrl()).toBe('/account/signin?redirect=%2Fstore');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.logout)[0]?.body).toEqual({
      refreshToken: 'doctor-refresh',
    });
  });

  it("shows the server's message when the password is wrong, and keeps what was typed", async () => {
    fakeApi.on('POST', identityPaths.login, {
      status: 401,
      body: { errors: ['Email address or password is wrong.'] },
    });
    const app = renderApp('/account/signin');

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email address or password is wrong.',
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    // The password is ready to type again, not the page body behind the busy button.
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(app.currentUrl()).toBe('/account/signin');
    expect(fakeApi.requestsTo('POST', identityPaths.oauthToken)).toEqual([]);
  });

  it('says that signing in needs a connection when the login gets no answer', async () => {
    fakeApi.on('POST', identityPaths.login, 'network-error');
    renderApp('/account/signin');

    await signIn();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Signing in needs a connection');
    expect(alert).not.toHaveTextContent('nothing was changed');
    expect(screen.getByLabelText('Password')).toHaveValue('correct horse battery');
  });

  it('says how long to wait, and what still works, when sign-in is slowed down', async () => {
    // The server's words for an account slowed for unknown devices
    // (docs/decisions/0009-passwords-and-attempt-limits.md, amendment 2026-11-29).
    const slowed =
      'Too many failed sign-ins to this account from devices it has not signed in on. Please wait 8 seconds and try again. Signing in on a device you have signed in on before still works, or you can reset your password with “Forgot your password?”.';
    fakeApi.on('POST', identityPaths.login, {
      status: 429,
      body: { errors: [slowed] },
    });
    renderApp('/account/signin');

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(slowed);
    // The reset it mentions is one step away on the same page.
    expect(screen.getByRole('link', { name: /forgot your password/i })).toBeVisible();
  });

  it('checks the fields before calling the server', async () => {
    renderApp('/account/signin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'ada-at-example');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('Email address must be an email address, such as ada@example.com'),
    ).toBeVisible();
    expect(screen.getByText('Password must not be empty')).toBeVisible();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.requestsTo('POST', identityPaths.login)).toEqual([]);
  });

  it('moves to the first field to fix, and its message follows the typing after a failed submit', async () => {
    renderApp('/account/signin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'a password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email address');
    expect(await screen.findByText('Email address must not be empty')).toBeVisible();
    expect(email).toHaveFocus();
    await user.type(email, 'ada@example.com');
    expect(screen.queryByText(/^Email address must/)).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows progress while signing in', async () => {
    let answer = () => {};
    fakeApi.on(
      'POST',
      identityPaths.login,
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 401, body: { errors: ['Wrong'] } });
        }),
    );
    renderApp('/account/signin');

    await signIn();

    const button = screen.getByRole('button', { name: /Sign in/ });
    expect(button).toBeDisabled();
    expect(within(button).getByRole('progressbar')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong');
    // The password takes the focus as the alert appears, a moment before the button settles.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });

  it('asks for the second step when the account has two-factor sign-in', async () => {
    fakeApi.on('POST', identityPaths.login, {
      status: 200,
      body: { token: '2FA', refreshToken: '' },
    });
    const app = renderApp('/account/signin?redirect=%2Fstore');

    await signIn();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-Factor Verification' }),
    ).toBeVisible();
    expect(app.currentUrl()).toBe('/account/mfa/verify?redirect=%2Fstore');
    expect(getUsername()).toBe('ada@example.com');
    expect(getAccessToken()).toBeNull();
  });

  it('links to registration, password reset and the privacy policy', async () => {
    renderApp('/account/signin');

    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/account/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/account/password/reset',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/policy');
  });
});
