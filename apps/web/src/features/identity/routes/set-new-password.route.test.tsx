import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken, getUsername } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

const resetToken = 'r3s3t-T0ken_from-the-mail';
const newPassword = 'a river of quiet stones';

async function chooseNewPassword(confirmation = newPassword) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save the new password' }));
  return user;
}

describe('setting a new password from the reset link', () => {
  it('sends the address, the new password and the token of the link, then signs in at home', async () => {
    const token = accessToken('USER');
    fakeApi
      .on('POST', identityPaths.passwordReset, {
        status: 200,
        body: { Token: token, RefreshToken: 'refresh-after-reset' },
      })
      .on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    const app = renderApp(`/account/reset/${resetToken}`);

    await chooseNewPassword();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(app.currentUrl()).toBe('/');
    expect(fakeApi.requestsTo('POST', identityPaths.passwordReset)[0]?.body).toEqual({
      Username: 'ada@example.com',
      NewPasword: newPassword,
      Token: resetToken,
    });
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('refresh-after-reset');
    expect(getUsername()).toBe('ada@example.com');
    expect(await screen.findByText(/Your new password is saved/)).toBeVisible();
  });

  it('goes on to the code screen when the account has two-factor sign-in', async () => {
    fakeApi.on('POST', identityPaths.passwordReset, {
      status: 200,
      body: { Token: '2FA', RefreshToken: '' },
    });
    const app = renderApp(`/account/reset/${resetToken}`);

    await chooseNewPassword();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-Factor Verification' }),
    ).toBeVisible();
    expect(app.currentUrl()).toBe('/account/mfa/verify');
    expect(getAccessToken()).toBeNull();
    expect(getUsername()).toBe('ada@example.com');
    expect(
      screen.getByText('Your new password is saved. Enter a code to finish signing in.'),
    ).toBeVisible();
  });

  it("shows the server's message for a link that no longer works, with a way to a new one", async () => {
    fakeApi.on('POST', identityPaths.passwordReset, {
      status: 400,
      body: {
        errors: [
          'This reset link is not valid: it has expired, been used, or belongs to another address. Ask for a new one.',
        ],
      },
    });
    const app = renderApp(`/account/reset/${resetToken}`);

    await chooseNewPassword();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is not valid');
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/account/password/reset',
    );
    expect(app.currentUrl()).toBe(`/account/reset/${resetToken}`);
    expect(getAccessToken()).toBeNull();
  });

  it("puts the server's refusal of the new password beside it", async () => {
    fakeApi.on('POST', identityPaths.passwordReset, {
      status: 400,
      body: { errors: ['NewPasword: must not be your email address.'] },
    });
    renderApp(`/account/reset/${resetToken}`);

    await chooseNewPassword();

    expect(await screen.findByText('New password must not be your email address.')).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a confirmation that does not match, without calling the server', async () => {
    renderApp(`/account/reset/${resetToken}`);

    await chooseNewPassword('something else entirely');

    expect(await screen.findByText('Confirm new password must match the password')).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.passwordReset)).toEqual([]);
  });

  it('turns a doctor away after the reset, keeping no session', async () => {
    fakeApi
      .on('POST', identityPaths.passwordReset, {
        status: 200,
        body: { Token: accessToken('DOC'), RefreshToken: 'doctor-refresh' },
      })
      .on('POST', identityPaths.logout, { status: 204 });
    const app = renderApp(`/account/reset/${resetToken}`);

    await chooseNewPassword();

    expect(await screen.findByText('Please use the mobile app')).toBeVisible();
    expect(getAccessToken()).toBeNull();
    expect(app.currentUrl()).toBe(`/account/reset/${resetToken}`);
    expect(fakeApi.requestsTo('POST', identityPaths.logout)[0]?.body).toEqual({
      refreshToken: 'doctor-refresh',
    });
  });
});
