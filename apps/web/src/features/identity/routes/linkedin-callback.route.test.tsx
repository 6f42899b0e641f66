import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken, getUsername, setTokens } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

const accessPath = (code: string, query: string) =>
  `${identityPaths.linkedinAccess.replace(':code', code)}?${query}`;

describe('returning from LinkedIn', () => {
  it('forwards the code, state and iss, stores the session and goes where the sign-in began', async () => {
    const token = accessToken('USER');
    fakeApi
      .on('GET', accessPath('c0de%2Fx', 'state=st4te&iss=https%3A%2F%2Fwww.linkedin.com%2Foauth'), {
        status: 200,
        body: { token, refreshToken: 'refresh-linkedin', redirect: '/education' },
      })
      .on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    const app = renderApp(
      '/account/social/linkedin?code=c0de%2Fx&state=st4te&iss=https%3A%2F%2Fwww.linkedin.com%2Foauth',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    expect(app.currentUrl()).toBe('/education');
    expect(getAccessToken()).toBe(token);
    expect(getRefreshToken()).toBe('refresh-linkedin');
    // The username claim of the new token, as a password sign-in would have stored.
    expect(getUsername()).toBe('ada@example.com');
  });

  it('leaves iss out when LinkedIn sent none, and never follows a redirect off the site', async () => {
    fakeApi
      .on('GET', accessPath('abc', 'state=s1'), {
        status: 200,
        body: { token: accessToken('USER'), refreshToken: 'r', redirect: '//evil.example/x' },
      })
      .on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    const app = renderApp('/account/social/linkedin?code=abc&state=s1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(app.currentUrl()).toBe('/');
    expect(fakeApi.requests.filter((r) => r.path.includes('/linkedin/access/'))).toHaveLength(1);
  });

  it("shows 'Invalid Access Token' with a way back to sign-in, without treating it as a lost session", async () => {
    fakeApi.on('GET', accessPath('abc', 'state=s1'), {
      status: 401,
      body: { errors: ['Invalid Access Token'] },
    });
    const app = renderApp('/account/social/linkedin?code=abc&state=s1');

    expect(await screen.findByText('Invalid Access Token')).toBeVisible();
    expect(screen.getByText('LinkedIn sign-in did not work')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/account/signin',
    );
    expect(app.currentUrl()).toBe('/account/social/linkedin?code=abc&state=s1');
    expect(fakeApi.requestsTo('POST', identityPaths.oauthToken)).toEqual([]);
    expect(getAccessToken()).toBeNull();
  });

  it('explains that an address with a password account signs in with its password', async () => {
    fakeApi.on('GET', accessPath('abc', 'state=s1'), {
      status: 409,
      body: {
        errors: [
          'An account with this email address already exists. Sign in with your email address and password instead.',
        ],
      },
    });
    renderApp('/account/social/linkedin?code=abc&state=s1');

    expect(
      await screen.findByText(/An account with this email address already exists/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in with email and password' })).toHaveAttribute(
      'href',
      '/account/signin',
    );
  });

  it('says the sign-in was cancelled when the person cancelled at LinkedIn', async () => {
    renderApp(
      '/account/social/linkedin?error=user_cancelled_login&error_description=The+user+cancelled',
    );

    expect(await screen.findByText('LinkedIn sign-in was cancelled')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/account/signin',
    );
    expect(fakeApi.requests.filter((r) => r.path.includes('/linkedin/access/'))).toEqual([]);
  });

  it("shows another refusal from LinkedIn in LinkedIn's words", async () => {
    renderApp('/account/social/linkedin?error=invalid_scope&error_description=Scope+not+allowed');

    expect(await screen.findByText('LinkedIn did not sign you in')).toBeVisible();
    expect(screen.getByText('Scope not allowed')).toBeVisible();
  });

  it('says there is nothing to finish when opened without a code', async () => {
    renderApp('/account/social/linkedin');

    expect(await screen.findByText('Nothing to finish here')).toBeVisible();
    expect(fakeApi.requests.filter((r) => r.path.includes('/linkedin/access/'))).toEqual([]);
  });

  it('turns a doctor away', async () => {
    fakeApi
      .on('GET', accessPath('abc', 'state=s1'), {
        status: 200,
        body: { token: accessToken('DOC'), refreshToken: 'doctor-refresh', redirect: '/' },
      })
      .on('POST', identityPaths.logout, { status: 204 });
    renderApp('/account/social/linkedin?code=abc&state=s1');

    expect(await screen.findByText('Please use the mobile app')).toBeVisible();
    expect(getAccessToken()).toBeNull();
  });
});

describe('the LinkedIn button', () => {
  it('shows on sign-in when the server offers LinkedIn, as a link that keeps the redirect', async () => {
    fakeApi.on('GET', identityPaths.socialProviders, {
      status: 200,
      body: { providers: ['linkedin'] },
    });
    renderApp('/account/signin?redirect=%2Fstore%3Ftab%3Dcart');

    expect(await screen.findByRole('link', { name: 'Sign in with LinkedIn' })).toHaveAttribute(
      'href',
      `${identityPaths.linkedinStart}?redirect=%2Fstore%3Ftab%3Dcart`,
    );
  });

  it('shows on registration, leading to the new profile', async () => {
    fakeApi.on('GET', identityPaths.socialProviders, {
      status: 200,
      body: { providers: ['linkedin'] },
    });
    renderApp('/account/register');

    expect(await screen.findByRole('link', { name: 'Sign in with LinkedIn' })).toHaveAttribute(
      'href',
      `${identityPaths.linkedinStart}?redirect=%2Faccount%2Fprofile%3Fedit%3Dtrue`,
    );
  });

  it('is absent when the server does not offer LinkedIn', async () => {
    fakeApi.on('GET', identityPaths.socialProviders, { status: 200, body: { providers: [] } });
    renderApp('/account/signin');

    await screen.findByRole('button', { name: 'Sign in' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakeApi.requestsTo('GET', identityPaths.socialProviders)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Sign in with LinkedIn' })).not.toBeInTheDocument();
  });
});

describe('returning from LinkedIn to connect it to the signed-in account', () => {
  const linkCalls = () => fakeApi.requestsTo('POST', identityPaths.linkedinLink);

  it('sends the code and state to be connected, then shows the security settings saying so', async () => {
    setTokens({ accessToken: accessToken('USER'), refreshToken: 'refresh-1' });
    window.sessionStorage.setItem('vitalia.linkedin.intent', 'connect');
    fakeApi
      .on('POST', identityPaths.linkedinLink, {
        status: 200,
        body: { linked: ['linkedin'], hasPassword: true },
      })
      .on('GET', identityPaths.profile, { status: 200, body: aProfile() })
      .on('GET', identityPaths.socialProviders, { status: 200, body: { providers: ['linkedin'] } })
      .on('GET', identityPaths.socialLinks, {
        status: 200,
        body: { linked: ['linkedin'], hasPassword: true },
      });
    const app = renderApp('/account/social/linkedin?code=abc&state=s1&iss=https%3A%2F%2Fli');

    expect(
      await screen.findByText(
        "LinkedIn is connected: 'Sign in with LinkedIn' now opens this account.",
      ),
    ).toBeVisible();
    expect(app.currentUrl()).toBe('/account/security');
    expect(linkCalls().map((call) => call.body)).toEqual([
      { code: 'abc', state: 's1', iss: 'https://li' },
    ]);
    expect(fakeApi.requests.filter((r) => r.path.includes('/linkedin/access/'))).toEqual([]);
    expect(window.sessionStorage.getItem('vitalia.linkedin.intent')).toBeNull();
  });

  it("shows the server's refusal with a way back to the security settings", async () => {
    setTokens({ accessToken: accessToken('USER'), refreshToken: 'refresh-1' });
    window.sessionStorage.setItem('vitalia.linkedin.intent', 'connect');
    fakeApi.on('POST', identityPaths.linkedinLink, {
      status: 409,
      body: {
        errors: [
          'This LinkedIn account already signs in to another Vitalia account. Sign in to that account with LinkedIn, or connect a different LinkedIn account.',
        ],
      },
    });
    renderApp('/account/social/linkedin?code=abc&state=s1');

    expect(
      await screen.findByText(/This LinkedIn account already signs in to another Vitalia account/),
    ).toBeVisible();
    expect(screen.getByText('LinkedIn is not connected')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to security settings' })).toHaveAttribute(
      'href',
      '/account/security',
    );
    expect(getAccessToken()).not.toBeNull();
  });

  it('spends nothing for a signed-in person whose tab did not set out to connect', async () => {
    setTokens({ accessToken: accessToken('USER'), refreshToken: 'refresh-1' });
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    renderApp('/account/social/linkedin?code=abc&state=s1');

    expect(await screen.findByText('You are already signed in')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to security settings' })).toBeVisible();
    expect(fakeApi.requests.filter((r) => r.path.includes('/linkedin/'))).toEqual([]);
    expect(getRefreshToken()).toBe('refresh-1');
  });

  it('signs in as usual when no connection was started in this tab', async () => {
    fakeApi
      .on('GET', accessPath('abc', 'state=s1'), {
        status: 200,
        body: { token: accessToken('USER'), refreshToken: 'r', redirect: '/education' },
      })
      .on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    renderApp('/account/social/linkedin?code=abc&state=s1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    expect(linkCalls()).toEqual([]);
  });
});
