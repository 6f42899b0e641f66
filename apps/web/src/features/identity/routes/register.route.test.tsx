import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken, getUsername } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

/** The server's answer to a registration, the same whether or not the address is taken. */
const sent = (username: string) => ({
  username,
  status: 'confirmation-sent',
  linkWorksUntil: '2026-11-30T12:00:00.000Z',
});

async function askFor(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

async function choosePassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Password', { selector: 'input' }), password);
  await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
}

describe('registration: the address', () => {
  it('asks for the address alone, then says to open the mailed link, keeping no session', async () => {
    fakeApi.on('POST', identityPaths.register, { status: 202, body: sent('grace@example.com') });
    const app = renderApp('/account/register');
    expect(await screen.findByLabelText('Email address')).toBeVisible();
    expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();

    await askFor('Grace@Example.com');

    const message = await screen.findByText('Check your email');
    expect(message.closest('[role="alert"]')).toHaveTextContent(
      'We sent a message to grace@example.com. Open the link in it to choose your password',
    );
    // The message takes the focus, so it is read out and in view.
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
    expect(
      screen.getByText(/If this address already has a Vitalia account, the message says so/),
    ).toBeVisible();
    expect(app.currentUrl()).toBe('/account/register');
    expect(fakeApi.requestsTo('POST', identityPaths.register)[0]?.body).toEqual({
      Username: 'Grace@Example.com',
    });
    expect(getAccessToken()).toBeNull();
  });

  it('sends the message again, saying so each time, or starts over', async () => {
    fakeApi.on('POST', identityPaths.register, { status: 202, body: sent('grace@example.com') });
    renderApp('/account/register');
    const user = await askFor('grace@example.com');

    await user.click(await screen.findByRole('button', { name: 'Send it again' }));

    expect(await screen.findByRole('status')).toHaveTextContent('We sent the message again.');
    const asked = fakeApi.requestsTo('POST', identityPaths.register);
    expect(asked).toHaveLength(2);
    expect(asked[1]?.body).toEqual({ Username: 'grace@example.com' });
    // A second press says something new, so it is announced again.
    await user.click(screen.getByRole('button', { name: 'Send it again' }));
    expect(await screen.findByText('We sent the message again (2 times now).')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(await screen.findByLabelText('Email address')).toHaveValue('');
  });

  it('refuses an address that is not one, beside the field, without calling the server', async () => {
    renderApp('/account/register');
    await askFor('grace.example.com');
    expect(await screen.findByText(/Email address must be an email address/)).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.register)).toEqual([]);
  });
});

describe('registration: the mailed link', () => {
  it('does nothing until the password is chosen, then makes the account and opens the profile', async () => {
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
    expect(await screen.findByText(/Choose the password you will sign in with/)).toBeVisible();
    expect(
      await screen.findByText('Use 8 to 128 characters. Very common passwords are refused.'),
    ).toBeVisible();
    // Opening the link alone changes nothing: a mail scanner that opens it makes no account.
    expect(fakeApi.requestsTo('POST', identityPaths.registerConfirm)).toEqual([]);

    await choosePassword('a long and unusual phrase');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/profile?edit=true');
    expect(fakeApi.requestsTo('POST', identityPaths.registerConfirm)).toEqual([
      expect.objectContaining({
        body: { token: 'the-mailed-token', Password: 'a long and unusual phrase' },
      }),
    ]);
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('r-9');
    expect(getUsername()).toBe('grace@example.com');
  });

  it('refuses a confirmation that does not match, without calling the server', async () => {
    renderApp('/account/register/confirm#token=t');
    await choosePassword('a long and unusual phrase', 'a long and unusual phrasE');
    expect(await screen.findByText('Confirm password must match the password')).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.registerConfirm)).toEqual([]);
  });

  it("puts the server's refusal of a common password beside the password, keeping the link", async () => {
    fakeApi.on('POST', identityPaths.registerConfirm, {
      status: 400,
      body: {
        errors: [
          'Password: is one of the most common passwords, which attackers try first; choose another.',
        ],
        details: [
          {
            code: 'WEAK_PASSWORD',
            field: 'Password',
            message:
              'is one of the most common passwords, which attackers try first; choose another.',
          },
        ],
      },
    });
    renderApp('/account/register/confirm#token=t');
    await choosePassword('password123');
    expect(
      await screen.findByText(
        'Password is one of the most common passwords, which attackers try first; choose another.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create my account' })).toBeVisible();
  });

  it('says what to do with a link that no longer works', async () => {
    fakeApi.on('POST', identityPaths.registerConfirm, {
      status: 400,
      body: {
        errors: [
          'This link does not work any more: it has been used, or it is more than a day old. If you opened it before, your account is ready: sign in. If not, register again to get a new link.',
        ],
        details: [
          { code: 'REGISTRATION_LINK_INVALID', message: 'This link does not work any more' },
        ],
      },
    });
    renderApp('/account/register/confirm#token=spent');
    await choosePassword('a long and unusual phrase');

    expect(await screen.findByText('This link cannot make an account')).toBeVisible();
    expect(screen.getByText(/If you opened it before, your account is ready/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute(
      'href',
      '/account/register',
    );
    expect(getAccessToken()).toBeNull();
  });
});
