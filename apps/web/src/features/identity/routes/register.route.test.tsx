import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken, getUsername } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

async function fillIn(email: string, password: string, confirmation: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

/** The server's answer to a registration, the same whether or not the address is taken. */
const sent = (username: string) => ({
  username,
  status: 'confirmation-sent',
  linkWorksUntil: '2026-11-30T12:00:00.000Z',
});

describe('registration', () => {
  it('states the password rules before anything is typed', async () => {
    renderApp('/account/register');

    expect(
      await screen.findByText('Use 8 to 128 characters. Very common passwords are refused.'),
    ).toBeVisible();
  });

  it('asks the server for the account and says to open the mailed link, keeping no session', async () => {
    fakeApi.on('POST', identityPaths.register, {
      status: 202,
      body: sent('grace@example.com'),
    });
    const app = renderApp('/account/register');

    await fillIn('Grace@Example.com', 'a long and unusual phrase', 'a long and unusual phrase');

    expect(await screen.findByText('Check your email')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We sent a message to grace@example.com. Open the link in it to finish creating your account',
    );
    expect(
      screen.getByText(/If this address already has a Vitalia account, the message says so/),
    ).toBeVisible();
    expect(app.currentUrl()).toBe('/account/register');
    expect(fakeApi.requestsTo('POST', identityPaths.register)[0]?.body).toEqual({
      Username: 'Grace@Example.com',
      Password: 'a long and unusual phrase',
    });
    expect(getAccessToken()).toBeNull();
    // The form is gone, and with it the password on screen.
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('sends the message again without typing the password again, or starts over', async () => {
    fakeApi.on('POST', identityPaths.register, { status: 202, body: sent('grace@example.com') });
    renderApp('/account/register');
    await fillIn('grace@example.com', 'a long and unusual phrase', 'a long and unusual phrase');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send it again' }));

    expect(await screen.findByText('We sent the message again.')).toBeVisible();
    const asked = fakeApi.requestsTo('POST', identityPaths.register);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.body).toEqual(asked[0]?.body);

    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(await screen.findByLabelText('Email address')).toHaveValue('');
  });

  it('opening the link makes the account, signs in and opens the profile for editing', async () => {
    const token = accessToken('USER');
    fakeApi
      .on('POST', identityPaths.registerConfirm, {
        status: 201,
        body: { userID: 'user-9', username: 'grace@example.com', token, refreshToken: 'r-9' },
      })
      .on('GET', identityPaths.profile, {
        status: 200,
        body: aProfile({
          userID: 'user-9',
          username: 'grace@example.com',
          firstName: null,
          lastName: null,
          emailAddress: null,
          phoneNo: null,
          gender: null,
          dob: null,
          heightMM: null,
          country: null,
        }),
      });
    const app = renderApp('/account/register/confirm#token=the-mailed-token');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/profile?edit=true');
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    expect(fakeApi.requestsTo('POST', identityPaths.registerConfirm)).toEqual([
      expect.objectContaining({ body: { token: 'the-mailed-token' } }),
    ]);
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('r-9');
    expect(getUsername()).toBe('grace@example.com');
  });

  it('says what to do with a link that no longer works', async () => {
    fakeApi.on('POST', identityPaths.registerConfirm, {
      status: 400,
      body: {
        errors: [
          'This link does not work any more: it has been used, or it is more than a day old. Register again to get a new one.',
        ],
      },
    });
    renderApp('/account/register/confirm#token=spent');

    expect(await screen.findByText('This link no longer works')).toBeVisible();
    expect(screen.getByText(/it has been used, or it is more than a day old/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute(
      'href',
      '/account/register',
    );
    expect(getAccessToken()).toBeNull();
  });

  it('refuses a confirmation that does not match, without calling the server', async () => {
    renderApp('/account/register');

    await fillIn('grace@example.com', 'a long and unusual phrase', 'a long and unusual phrasE');

    expect(await screen.findByText('Confirm password must match the password')).toBeVisible();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.requestsTo('POST', identityPaths.register)).toEqual([]);
  });

  it('refuses a short password beside the field', async () => {
    renderApp('/account/register');

    await fillIn('grace@example.com', 'short', 'short');

    expect(await screen.findByText('Password must be at least 8 characters long')).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.register)).toEqual([]);
  });

  it("puts the server's refusal of a common password beside the password", async () => {
    fakeApi.on('POST', identityPaths.register, {
      status: 400,
      body: {
        errors: [
          'Password: is one of the most common passwords, which attackers try first; choose another.',
        ],
      },
    });
    renderApp('/account/register');

    await fillIn('grace@example.com', 'password123', 'password123');

    expect(
      await screen.findByText(
        'Password is one of the most common passwords, which attackers try first; choose another.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
