import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountDeletionPaths,
  deletionPendingCode,
  identityPaths,
  type Profile,
} from '@vitalia/api/identity.contract';
import { getAccessToken } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

const deletionMessage =
  'Your account will be deleted on 3 December 2026 at 19:25 UTC. You have been signed out everywhere; sign in before then to restore it.';

function serveAccount(profile: Partial<Profile> = {}, hasPassword = true) {
  fakeApi
    .on('GET', identityPaths.profile, { status: 200, body: aProfile(profile) })
    .on('GET', identityPaths.socialLinks, {
      status: 200,
      body: { linked: hasPassword ? [] : ['linkedin'], hasPassword },
    })
    .on('GET', accountDeletionPaths.privacyContact, {
      status: 200,
      body: { contact: 'privacy@vitalia.example', deletionGraceSeconds: 604_800 },
    });
}

async function openDialog() {
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Delete my account' });
  await user.click(within(section).getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog };
}

describe('deleting the account', () => {
  beforeEach(() => signInAs());

  it('says what goes, what stays and when, asks for the password, then signs out', async () => {
    serveAccount();
    fakeApi.on('POST', accountDeletionPaths.deletion, {
      status: 202,
      body: { deleteAfter: '2026-12-03T19:25:00.000Z', message: deletionMessage },
    });
    const app = renderApp('/account/security');
    const { user, dialog } = await openDialog();

    const goes = within(dialog).getByRole('region', { name: 'What is deleted' });
    for (const item of [
      'Your profile and profile picture',
      'All your readings and your health assessment',
      'Every session and sign-in token: all your devices are signed out at once',
      'LinkedIn, if it is connected to your account',
      'Your shares with doctors and your share links: they end at once',
      'Your reminders and weekly summary',
    ]) {
      expect(within(goes).getByText(item)).toBeVisible();
    }
    expect(
      within(within(dialog).getByRole('region', { name: 'What is kept' })).getByText(
        /Your orders, for the store’s accounts, with your name, email, phone and delivery address replaced/,
      ),
    ).toBeVisible();
    await waitFor(() => expect(dialog).toHaveTextContent(/deleted 7 days after you confirm/));
    expect(dialog).toHaveTextContent(/signing in offers to restore it/);
    expect(within(dialog).queryByLabelText(/recovery code/)).toBeNull();

    // Nothing is sent without the password.
    const confirm = within(dialog).getByRole('button', { name: 'Yes, delete my account' });
    await user.click(confirm);
    expect(await within(dialog).findByText('Enter your password.')).toBeVisible();
    expect(fakeApi.requestsTo('POST', accountDeletionPaths.deletion)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Current password'), 'my sound passphrase');
    await user.click(confirm);

    await waitFor(() => expect(app.currentUrl()).toBe('/account/signin'));
    expect(fakeApi.requestsTo('POST', accountDeletionPaths.deletion)[0]?.body).toEqual({
      password: 'my sound passphrase',
    });
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByText(deletionMessage)).toBeVisible();
  });

  it('shows a wrong password at the field and keeps the account', async () => {
    serveAccount();
    fakeApi.on('POST', accountDeletionPaths.deletion, {
      status: 400,
      body: {
        errors: ['password: is not your current password.'],
        details: [
          { code: 'WRONG_PASSWORD', field: 'password', message: 'is not your current password.' },
        ],
      },
    });
    const app = renderApp('/account/security');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password'), 'a wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    expect(await within(dialog).findByText('is not your current password.')).toBeVisible();
    expect(app.currentUrl()).toBe('/account/security');
    expect(getAccessToken()).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a code with two-factor on, and the address when there is no password', async () => {
    serveAccount({ twoFactorEnabled: true, username: 'ada@example.com' }, false);
    fakeApi.on('POST', accountDeletionPaths.deletion, {
      status: 202,
      body: { deleteAfter: '2026-12-03T19:25:00.000Z', message: deletionMessage },
    });
    const app = renderApp('/account/security');
    const { user, dialog } = await openDialog();
    await waitFor(() => expect(within(dialog).queryByLabelText('Current password')).toBeNull());
    const email = within(dialog).getByLabelText('Your email address');
    expect(email).toHaveAccessibleDescription(/type ada@example.com to confirm/);
    await user.type(email, 'ada@example.com');
    await user.type(
      within(dialog).getByLabelText('Code from the app, or a recovery code'),
      '123456',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(app.currentUrl()).toBe('/account/signin'));
    expect(fakeApi.requestsTo('POST', accountDeletionPaths.deletion)[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
    });
  });
});

describe('signing in to an account waiting to be deleted', () => {
  const pending = {
    status: 409,
    body: {
      errors: [
        'This account is waiting to be deleted on 3 December 2026 at 19:25 UTC. Restore it to sign in: everything is kept until then.',
      ],
      details: [
        {
          code: deletionPendingCode,
          message:
            'This account is waiting to be deleted on 3 December 2026 at 19:25 UTC. Restore it to sign in: everything is kept until then.',
        },
      ],
    },
  };

  async function signIn() {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    return user;
  }

  it('offers to restore it, and restoring signs in', async () => {
    fakeApi.on('POST', identityPaths.login, pending);
    fakeApi.on('POST', accountDeletionPaths.restore, {
      status: 200,
      body: { token: accessToken('USER'), refreshToken: 'refresh-restored' },
    });
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    const app = renderApp('/account/signin');
    const user = await signIn();

    const offer = await screen.findByRole('status', { name: 'Account waiting to be deleted' });
    expect(offer).toHaveTextContent(/waiting to be deleted on 3 December 2026 at 19:25 UTC/);
    expect(getAccessToken()).toBeNull();
    await user.click(within(offer).getByRole('button', { name: 'Restore my account' }));

    await waitFor(() => expect(app.currentUrl()).toBe('/'));
    expect(fakeApi.requestsTo('POST', accountDeletionPaths.restore)[0]?.body).toEqual({
      Username: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(getAccessToken()).not.toBeNull();
  });

  it('asks for the code when two-factor sign-in is on', async () => {
    fakeApi.on('POST', identityPaths.login, pending);
    fakeApi.on('POST', accountDeletionPaths.restore, (request) =>
      (request.body as { code?: string }).code === '654321'
        ? { status: 200, body: { token: accessToken('USER'), refreshToken: 'refresh-restored' } }
        : {
            status: 400,
            body: {
              errors: ['code: is needed: two-factor sign-in is on.'],
              details: [
                {
                  code: 'CODE_REQUIRED',
                  field: 'code',
                  message: 'is needed: two-factor sign-in is on.',
                },
              ],
            },
          },
    );
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    const app = renderApp('/account/signin');
    const user = await signIn();
    const offer = await screen.findByRole('status', { name: 'Account waiting to be deleted' });
    await user.click(within(offer).getByRole('button', { name: 'Restore my account' }));
    const code = await within(offer).findByLabelText('Code from the app, or a recovery code');
    await user.type(code, '654321');
    await user.click(within(offer).getByRole('button', { name: 'Restore my account' }));
    await waitFor(() => expect(app.currentUrl()).toBe('/'));
    expect(fakeApi.requestsTo('POST', accountDeletionPaths.restore)).toHaveLength(2);
  });
});

describe('the privacy policy', () => {
  it('names the contact the server is configured with and says how deletion works', async () => {
    fakeApi.on('GET', accountDeletionPaths.privacyContact, {
      status: 200,
      // A grace other than the default: the policy states what the server keeps.
      body: { contact: 'privacy@vitalia.example', deletionGraceSeconds: 1_209_600 },
    });
    renderApp('/policy');
    const links = await screen.findAllByRole('link', { name: 'privacy@vitalia.example' });
    expect(links[0]).toHaveAttribute('href', 'mailto:privacy@vitalia.example');
    const policy = screen.getByRole('article');
    expect(policy).toHaveTextContent(/Download my data \(Account page\)/);
    expect(policy).toHaveTextContent(/Import readings \(My Health\)/);
    expect(policy).toHaveTextContent(
      /Your account is deleted 14 days later; until then, signing in offers to restore it/,
    );
    expect(policy).toHaveTextContent(
      /name, email address, phone number and delivery address replaced/,
    );
    expect(policy).not.toHaveTextContent(/until you delete your account/);
  });
});
