import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { identityPaths, type Profile } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken } from '../../lib/token-store';
import { fakeApi } from '../../test/fake-api';
import { aProfile, signInAs } from '../../test/identity-fixtures';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';

function signIn(profile: Profile = aProfile()) {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: profile });
}

afterEach(() => setViewportWidth(1280));

describe('main layout on a wide screen', () => {
  it("names the current screen in the app bar's heading", async () => {
    setViewportWidth(1280);
    signIn();
    renderApp('/healths');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveTextContent(
      'My Health - Vitals',
    );
    expect(await within(banner).findByText('Welcome, Ada')).toBeInTheDocument();
    const account = within(banner).getByRole('link', { name: 'Account' });
    expect(account).toHaveAttribute('href', '/account');
    // Initials stand in for a missing picture.
    expect(within(account).getByText('AL')).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('offers Skip to content as the first stop of the keyboard, and it moves focus to the page', async () => {
    setViewportWidth(1280);
    signIn();
    renderApp('/healths');
    const user = userEvent.setup();
    await screen.findByRole('banner');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("shows the person's picture in the app bar when there is one", async () => {
    setViewportWidth(1280);
    signIn(aProfile({ displayPicture: '/uploads/avatars/ada.webp' }));
    renderApp('/');

    const account = await screen.findByRole('link', { name: 'Account' });
    await waitFor(() =>
      expect(account.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/ada.webp'),
    );
    expect(within(account).queryByText('AL')).not.toBeInTheDocument();
  });

  it('greets by first name, else the display name, else the last name', async () => {
    setViewportWidth(1280);
    signIn(aProfile({ firstName: 'Chiamaka', lastName: 'Okonkwo', displayname: 'Ama' }));
    const first = renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByText('Welcome, Chiamaka')).toBeInTheDocument();
    expect(within(banner).queryByText(/Okonkwo/)).not.toBeInTheDocument();
    first.unmount();

    signIn(aProfile({ firstName: '  ', lastName: 'Okonkwo', displayname: 'Ama' }));
    const display = renderApp('/');
    expect(
      await within(await screen.findByRole('banner')).findByText('Welcome, Ama'),
    ).toBeVisible();
    display.unmount();

    signIn(aProfile({ firstName: null, lastName: 'Okonkwo', displayname: null }));
    renderApp('/');
    expect(
      await within(await screen.findByRole('banner')).findByText('Welcome, Okonkwo'),
    ).toBeVisible();
  });

  it('greets without a name until one is saved', async () => {
    setViewportWidth(1280);
    signIn(aProfile({ firstName: null, lastName: null }));
    renderApp('/');

    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(fakeApi.requestsTo('GET', identityPaths.profile)).toHaveLength(1));
    expect(within(banner).getByText('Welcome')).toBeInTheDocument();
    expect(within(banner).queryByText(/Welcome,/)).not.toBeInTheDocument();
  });

  it('shows the page and the verification banner together, once the profile has answered', async () => {
    setViewportWidth(1280);
    signInAs();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fakeApi.on('GET', identityPaths.profile, async () => {
      await answered;
      return { status: 200, body: aProfile({ emailVerified: false }) };
    });
    renderApp('/');

    const page = await screen.findByTestId('page-area');
    await waitFor(() => expect(fakeApi.requestsTo('GET', identityPaths.profile)).toHaveLength(1));
    expect(page).toHaveAttribute('aria-busy', 'true');
    expect(page).toHaveStyle({ visibility: 'hidden' });
    expect(screen.queryByRole('region', { name: 'Please confirm your email address' })).toBeNull();

    answer();
    expect(
      await screen.findByRole('region', { name: 'Please confirm your email address' }),
    ).toBeVisible();
    expect(page).toHaveAttribute('aria-busy', 'false');
    expect(page).not.toHaveStyle({ visibility: 'hidden' });
  });

  it('keeps the page back while the kept readings are restored, when no query has asked yet', async () => {
    setViewportWidth(1280);
    signInAs();
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ emailVerified: false }),
    });
    renderApp('/', { restoring: true });

    // The profile query waits, idle, for the restore; the banner may still come above the page.
    const page = await screen.findByTestId('page-area');
    expect(page).toHaveAttribute('aria-busy', 'true');
    expect(page).toHaveStyle({ visibility: 'hidden' });
    expect(fakeApi.requestsTo('GET', identityPaths.profile)).toEqual([]);
  });

  it('shows the page when the profile cannot be loaded', async () => {
    setViewportWidth(1280);
    signInAs();
    fakeApi.on('GET', identityPaths.profile, { status: 500, body: { errors: ['Broken'] } });
    renderApp('/');

    const page = await screen.findByTestId('page-area');
    await waitFor(() => expect(page).toHaveAttribute('aria-busy', 'false'));
    expect(page).not.toHaveStyle({ visibility: 'hidden' });
  });

  it('marks Dashboard on /app/dashboard, where a password change lands', async () => {
    setViewportWidth(1280);
    signIn();
    renderApp('/app/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getAllByRole('link', { current: 'page' })).toHaveLength(1);
  });

  it('lists the drawer entries with their addresses and marks the current one', async () => {
    setViewportWidth(1280);
    signIn();
    renderApp('/education');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const expected = {
      Dashboard: '/',
      Education: '/education',
      'My Health': '/healths',
      Store: '/store',
      Profile: '/account/profile',
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Education' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update health data' })).toBeInTheDocument();
    // The drawer is always there, so no menu button is needed.
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('follows a drawer entry to its screen', async () => {
    setViewportWidth(1280);
    signIn();
    const app = renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Store' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Store' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/store');
  });

  it('logs out: revokes the session, clears both tokens and lands on a plain sign-in page', async () => {
    setViewportWidth(1280);
    signIn();
    fakeApi.on('POST', identityPaths.logout, { status: 204 });
    const app = renderApp('/store');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/account/signin');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(fakeApi.requestsTo('POST', identityPaths.logout)[0]?.body).toEqual({
      refreshToken: 'refresh-1',
    });
  });

  it('logs out even when the server cannot be reached', async () => {
    setViewportWidth(1280);
    signIn();
    fakeApi.on('POST', identityPaths.logout, 'network-error');
    const app = renderApp('/store');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/account/signin');
    expect(getAccessToken()).toBeNull();
  });

  it("opens the assessment from 'Update health data' with the saved answers", async () => {
    setViewportWidth(1280);
    signIn();
    renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Update health data' }));

    const dialog = await screen.findByRole('dialog', { name: 'Assessment form' });
    expect(within(dialog).getByText('Kindly complete the risk assessment form')).toBeVisible();
    const alcohol = within(dialog).getByRole('group', { name: 'Do you drink alcohol regularly?' });
    expect(within(alcohol).getByRole('button', { name: 'Yes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('main layout on a narrow screen', () => {
  it('hides the drawer behind the menu button and closes it after a route change', async () => {
    setViewportWidth(600);
    signIn();
    const app = renderApp('/');
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'My Health' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Health - Vitals' }),
    ).toBeInTheDocument();
    expect(app.currentUrl()).toBe('/healths');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument(),
    );
  });
});
