import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { clearTokens, setTokens } from '../lib/token-store';

function signIn() {
  setTokens({ accessToken: 'access', refreshToken: 'refresh' });
}

async function findTitle(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('route guard', () => {
  it('sends a signed-out visitor to sign-in, remembering the wanted page', async () => {
    const app = renderApp('/store');

    await findTitle('Sign In');
    expect(app.currentUrl()).toBe('/account/signin?redirect=%2Fstore');
    expect(screen.queryByRole('heading', { name: 'Store' })).not.toBeInTheDocument();
  });

  it('keeps the query of the wanted page in the redirect', async () => {
    const app = renderApp('/healths/7?range=week');

    await findTitle('Sign In');
    expect(app.currentUrl()).toBe('/account/signin?redirect=%2Fhealths%2F7%3Frange%3Dweek');
  });

  it('shows a signed-in person the screen they asked for', async () => {
    signIn();
    const app = renderApp('/store');

    await findTitle('Store');
    expect(app.currentUrl()).toBe('/store');
  });

  it('sends a signed-in person away from screens meant for signed-out visitors', async () => {
    signIn();
    const app = renderApp('/account/register');

    await findTitle('Account');
    expect(app.currentUrl()).toBe('/account');
  });

  it('returns a person who is already signed in to the page named in redirect', async () => {
    signIn();
    const app = renderApp('/account/signin?redirect=%2Feducation');

    await findTitle('Education');
    expect(app.currentUrl()).toBe('/education');
  });

  it('never follows a redirect to another site', async () => {
    signIn();
    const app = renderApp('/account/signin?redirect=%2F%2Fevil.example%2Fphish');

    await findTitle('Account');
    expect(app.currentUrl()).toBe('/account');
  });

  it('lets everyone read the privacy policy', async () => {
    const signedOut = renderApp('/policy');
    await findTitle('Privacy Policy');
    expect(signedOut.currentUrl()).toBe('/policy');
    signedOut.unmount();

    signIn();
    const signedIn = renderApp('/policy');
    await findTitle('Privacy Policy');
    expect(signedIn.currentUrl()).toBe('/policy');
  });

  it('shows the not-found page for an unknown address, signed in or not', async () => {
    const signedOut = renderApp('/no/such/page?x=1');
    await findTitle('Page Not Found');
    expect(signedOut.currentUrl()).toBe('/404');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    signedOut.unmount();

    signIn();
    const signedIn = renderApp('/no/such/page');
    await findTitle('Page Not Found');
    expect(signedIn.currentUrl()).toBe('/404');
  });

  it('moves to sign-in as soon as the tokens are cleared elsewhere', async () => {
    signIn();
    const app = renderApp('/education');
    await findTitle('Education');

    act(() => clearTokens());

    await findTitle('Sign In');
    expect(app.currentUrl()).toBe('/account/signin?redirect=%2Feducation');
  });
});
