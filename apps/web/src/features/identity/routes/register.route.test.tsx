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

describe('registration', () => {
  it('states the password rules before anything is typed', async () => {
    renderApp('/account/register');

    expect(
      await screen.findByText('Use 8 to 128 characters. Very common passwords are refused.'),
    ).toBeVisible();
  });

  it('creates the account, signs in and opens the profile for editing', async () => {
    const token = accessToken('USER');
    fakeApi
      .on('POST', identityPaths.register, {
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
    const app = renderApp('/account/register');

    await fillIn('Grace@Example.com', 'a long and unusual phrase', 'a long and unusual phrase');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/profile?edit=true');
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.register)[0]?.body).toEqual({
      Username: 'Grace@Example.com',
      Password: 'a long and unusual phrase',
    });
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('r-9');
    expect(getUsername()).toBe('grace@example.com');
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

  it('says so when the email address already has an account', async () => {
    fakeApi.on('POST', identityPaths.register, {
      status: 409,
      body: { errors: ['An account with this email address already exists.'] },
    });
    const app = renderApp('/account/register');

    await fillIn('ada@example.com', 'a long and unusual phrase', 'a long and unusual phrase');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email address already exists.',
    );
    expect(app.currentUrl()).toBe('/account/register');
    expect(getAccessToken()).toBeNull();
  });
});
