import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => signInAs());
afterEach(() => vi.restoreAllMocks());

async function findBanner() {
  return screen.findByRole('region', { name: 'Please confirm your email address' });
}

describe('the unverified-email banner', () => {
  it('shows above every signed-in screen until the address is confirmed', async () => {
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ emailVerified: false }),
    });
    renderApp('/store');

    const banner = await findBanner();
    expect(within(banner).getByText(/Confirming that ada@example\.com is yours/)).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Send me a link' })).toBeEnabled();
  });

  it('offers no link offline, where asking could only fail, and offers it again online', async () => {
    fakeApi.on('GET', identityPaths.profile, {
      status: 200,
      body: aProfile({ emailVerified: false }),
    });
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    renderApp('/store');
    const banner = await findBanner();

    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(within(banner).getByRole('button', { name: 'Send me a link' })).toBeDisabled();
    expect(within(banner).getByRole('status')).toHaveTextContent(
      'You can have a link sent when you are online again.',
    );

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(within(banner).getByRole('button', { name: 'Send me a link' })).toBeEnabled();
    expect(within(banner).getByRole('status')).toHaveTextContent('');
    expect(fakeApi.requestsTo('POST', identityPaths.emailVerifyResend)).toEqual([]);
  });

  it('is not shown to someone whose address is confirmed', async () => {
    fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    renderApp('/');

    await within(await screen.findByRole('banner')).findByText('Welcome, Ada');
    expect(screen.queryByText('Please confirm your email address')).not.toBeInTheDocument();
  });

  it("sends the link again and says so in the server's words", async () => {
    fakeApi
      .on('GET', identityPaths.profile, { status: 200, body: aProfile({ emailVerified: false }) })
      .on('POST', identityPaths.emailVerifyResend, {
        status: 202,
        body: { message: 'We have sent a new link to ada@example.com.' },
      });
    renderApp('/');
    const user = userEvent.setup();

    const banner = await findBanner();
    await user.click(within(banner).getByRole('button', { name: 'Send me a link' }));

    expect(await within(banner).findByRole('status')).toHaveTextContent(
      'We have sent a new link to ada@example.com.',
    );
    expect(fakeApi.requestsTo('POST', identityPaths.emailVerifyResend)).toHaveLength(1);
  });

  it('says how long to wait when too many links were asked for', async () => {
    fakeApi
      .on('GET', identityPaths.profile, { status: 200, body: aProfile({ emailVerified: false }) })
      .on('POST', identityPaths.emailVerifyResend, {
        status: 429,
        body: { errors: ['Too many verification mails. Try again in 60 minutes.'] },
      });
    renderApp('/');
    const user = userEvent.setup();

    const banner = await findBanner();
    await user.click(within(banner).getByRole('button', { name: 'Send me a link' }));

    expect(await within(banner).findByRole('status')).toHaveTextContent(
      'Too many verification mails. Try again in 60 minutes.',
    );
    expect(getAccessToken()).not.toBeNull();
  });

  it('goes away when the server says the address was confirmed meanwhile', async () => {
    let verified = false;
    fakeApi
      .on('GET', identityPaths.profile, () => ({
        status: 200,
        body: aProfile({ emailVerified: verified }),
      }))
      .on('POST', identityPaths.emailVerifyResend, () => {
        verified = true;
        return { status: 409, body: { errors: ['Your email address is already confirmed.'] } };
      });
    renderApp('/');
    const user = userEvent.setup();

    const banner = await findBanner();
    await user.click(within(banner).getByRole('button', { name: 'Send me a link' }));

    await waitFor(() =>
      expect(screen.queryByText('Please confirm your email address')).not.toBeInTheDocument(),
    );
    expect(fakeApi.requestsTo('GET', identityPaths.profile)).toHaveLength(2);
  });
});
