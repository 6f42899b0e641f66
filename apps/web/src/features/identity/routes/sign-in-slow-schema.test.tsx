import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

// The identity schemas arrive only when this test lets them, as on a slow link, or not at all
// (docs/decisions/0038-zod-after-the-first-screen.md).
const schemas = vi.hoisted(() => {
  let arrive = (): void => undefined;
  // One load, however many ask, as with import().
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrive: () => arrive(), arrived, fail: false, asked: 0 };
});
vi.mock('../../../lib/identity-contract', () => ({
  identityContract: async () => {
    schemas.asked += 1;
    if (schemas.fail) throw new TypeError('Failed to fetch dynamically imported module');
    await schemas.arrived;
    return import('@vitalia/api/identity.contract');
  },
}));

async function fillIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  return user;
}

describe('sign-in while its schemas are on their way', () => {
  it('sends one login however many times Sign in is pressed, busy from the first press', async () => {
    fakeApi
      .on('POST', identityPaths.login, {
        status: 200,
        body: { token: accessToken('USER'), refreshToken: 'r' },
      })
      .on('GET', identityPaths.profile, { status: 200, body: aProfile() });
    renderApp('/account/signin');
    const user = await fillIn();
    expect(schemas.asked).toBeGreaterThan(0);

    await user.keyboard('{Enter}{Enter}{Enter}');
    expect(screen.getByRole('button', { name: /Sign in/ })).toBeDisabled();
    await user.keyboard('{Enter}');
    schemas.arrive();

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.login)).toHaveLength(1);
  });

  it('says so when they cannot be loaded, sends nothing, and keeps what was typed', async () => {
    schemas.fail = true;
    renderApp('/account/signin');
    const user = await fillIn();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vitalia could not load part of this page. Check your connection, then press Sign in again.',
    );
    expect(fakeApi.requestsTo('POST', identityPaths.login)).toEqual([]);
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });
});
