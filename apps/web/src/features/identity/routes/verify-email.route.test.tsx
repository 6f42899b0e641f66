import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';
import { tokenFromFragment } from './verify-email.route';

const linkToken = 'Zx0_abc-DEF123ghiJKL456mnoPQR789stuVWX012yz';

function answerVerify(
  status = 200,
  body: unknown = { verified: true, username: 'ada@example.com' },
) {
  fakeApi.on('POST', identityPaths.emailVerify, { status, body });
}

describe('the verification link', () => {
  it('reads the token from the fragment, confirms it and shows the success page', async () => {
    answerVerify();
    const app = renderApp(`/verify/email#token=${linkToken}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible();
    expect(app.currentUrl()).toBe('/verify/email/success');
    expect(fakeApi.requestsTo('POST', identityPaths.emailVerify)).toHaveLength(1);
    expect(fakeApi.requestsTo('POST', identityPaths.emailVerify)[0]?.body).toEqual({
      token: linkToken,
    });
    expect(screen.getByText('Your email address is confirmed.')).toBeVisible();
    expect(screen.getByText(/ada@example\.com is confirmed/)).toBeVisible();
    // Signed out: the way on is signing in.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/signin',
    );
    // The token has left the history entry.
    expect(app.router.state.location.hash).toBe('');
  });

  it('verifies a signed-in person too, whose banner is gone on the dashboard', async () => {
    signInAs();
    let verified = false;
    fakeApi
      .on('GET', identityPaths.profile, () => ({
        status: 200,
        body: aProfile({ emailVerified: verified }),
      }))
      .on('POST', identityPaths.emailVerify, () => {
        verified = true;
        return { status: 200, body: { verified: true, username: 'ada@example.com' } };
      });
    const app = renderApp('/');
    const user = userEvent.setup();
    expect(await screen.findByText('Please confirm your email address')).toBeVisible();

    // The link opened in the same tab, with the unverified profile cached.
    await act(() => app.router.navigate(`/verify/email#token=${linkToken}`));

    await screen.findByRole('heading', { level: 1, name: 'Email Verified' });
    expect(getAccessToken()).not.toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to the dashboard' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(app.currentUrl()).toBe('/');
    await within(screen.getByRole('banner')).findByText('Welcome, Ada');
    expect(screen.queryByText('Please confirm your email address')).not.toBeInTheDocument();
  });

  it("shows the server's message for a used or expired link and how to get a new one", async () => {
    answerVerify(400, {
      errors: [
        'This verification link is not valid: it has expired or been used. Sign in and ask for a new one.',
      ],
    });
    const app = renderApp(`/verify/email#token=${linkToken}`);

    expect(await screen.findByText(/This verification link is not valid/)).toBeVisible();
    expect(screen.getByText('This link no longer works')).toBeVisible();
    expect(screen.getByText(/To get a new link, sign in/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/account/signin',
    );
    expect(app.currentUrl()).toBe('/verify/email');
  });

  it('tells a signed-in person whose address is confirmed that a used link needs nothing more', async () => {
    signInAs();
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ emailVerified: true }),
    });
    answerVerify(400, {
      errors: [
        'This verification link is not valid: it has expired or been used. Sign in and ask for a new one.',
      ],
    });
    renderApp(`/verify/email#token=${linkToken}`);

    expect(await screen.findByText('Your email address is already confirmed')).toBeVisible();
    expect(screen.queryByText('This link no longer works')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('tells a signed-in person where the resend button is when the link fails', async () => {
    signInAs();
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ emailVerified: false }),
    });
    answerVerify(429, { errors: ['Too many attempts with verification links. Try again later.'] });
    renderApp(`/verify/email#token=${linkToken}`);

    expect(await screen.findByText(/Too many attempts with verification links/)).toBeVisible();
    expect(screen.getByText(/Send me a link/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    // Still signed in: a refused link is no reason to end the session.
    expect(getAccessToken()).not.toBeNull();
  });

  it('without a token asks for the link from the email, and calls nothing', async () => {
    renderApp('/verify/email');

    expect(await screen.findByText('Open the link from the email')).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.emailVerify)).toEqual([]);
  });
});

describe('tokenFromFragment', () => {
  it('reads token= from a fragment, with or without the hash sign', () => {
    expect(tokenFromFragment('#token=abc')).toBe('abc');
    expect(tokenFromFragment('token=abc&x=1')).toBe('abc');
    expect(tokenFromFragment('#other=1')).toBeNull();
    expect(tokenFromFragment('#token=')).toBeNull();
    expect(tokenFromFragment('')).toBeNull();
  });
});
