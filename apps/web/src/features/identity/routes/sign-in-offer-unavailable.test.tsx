import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { deletionPendingCode, identityPaths } from '@vitalia/api/identity.contract';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

// The offer to restore an account waiting to be deleted is loaded when it is needed
// (sign-in.route.tsx); here its script cannot be loaded, as when the network drops just then.
// It fails once the test says so, after the page has shown what it shows while it loads.
const load = vi.hoisted(() => {
  let fail = () => {};
  const failed = new Promise<void>((resolve) => {
    fail = resolve;
  });
  return { fail: () => fail(), failed };
});
vi.mock('../components/restore-account-offer', async () => {
  await load.failed;
  throw new Error('Failed to fetch dynamically imported module');
});

const message =
  'This account is waiting to be deleted on 3 December 2026 at 19:25 UTC. Restore it to sign in: everything is kept until then.';

it('still says when the account goes when the offer to restore it cannot be loaded', async () => {
  fakeApi.on('POST', identityPaths.login, {
    status: 409,
    body: { errors: [message], details: [{ code: deletionPendingCode, message }] },
  });
  renderApp('/account/signin');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  // While the offer loads, the server's words.
  expect(await screen.findByText(message)).toBeVisible();
  await act(async () => {
    load.fail();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  // Then too, and the page stands: no error screen in its place, and the form is still there.
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Restore my account' })).toBeNull();
});
