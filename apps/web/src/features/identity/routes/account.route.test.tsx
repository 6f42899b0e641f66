import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => signInAs());

describe('account landing', () => {
  it('shows who is signed in and where to manage the account', async () => {
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    renderApp('/account');

    expect(await screen.findByText('Ada Lovelace')).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Signed in as ada@example.com')).toBeVisible();
    expect(within(main).getByText('AL')).toBeVisible();
    expect(within(main).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    expect(within(main).getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/account/password/change',
    );
    const security = within(main).getByRole('link', { name: 'Security' });
    expect(security).toHaveAttribute('href', '/account/security');
    expect(security).toHaveAccessibleDescription(/^Two-factor off Two-factor sign-in/);
  });

  it('shows the picture when there is one', async () => {
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ displayPicture: '/uploads/avatars/ada.webp' }),
    });
    renderApp('/account');

    await screen.findByText('Ada Lovelace');
    const main = screen.getByRole('main');
    const picture = main.querySelector('img');
    expect(picture).toHaveAttribute('src', '/uploads/avatars/ada.webp');
    expect(within(main).queryByText('AL')).not.toBeInTheDocument();
  });

  it('signs out: revokes the session, forgets the tokens and lands on sign-in', async () => {
    fakeApi
      .on('GET', identityPaths.profile, { status: 200, body: aProfile() })
      .on('POST', identityPaths.logout, { status: 204 });
    const app = renderApp('/account');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/signin');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(fakeApi.requestsTo('POST', identityPaths.logout)[0]?.body).toEqual({
      refreshToken: 'refresh-1',
    });
  });
});
