import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { getAccessToken, getRefreshToken } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

const newPassword = 'a brand new passphrase';

async function chooseNewPassword(confirmation = newPassword) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return user;
}

beforeEach(() => {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

describe('change password', () => {
  it('asks for the current password in a dialog whose Confirm waits for one', async () => {
    renderApp('/account/password/change');

    const user = await chooseNewPassword();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm the change' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Current password'), 'x');
    expect(confirm).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Current password'));
    expect(confirm).toBeDisabled();
    expect(fakeApi.requestsTo('PUT', identityPaths.passwordChange)).toEqual([]);
  });

  it('changes the password, keeps the new tokens and lands on the dashboard', async () => {
    const newToken = accessToken('USER');
    fakeApi.on('PUT', identityPaths.passwordChange, {
      status: 200,
      body: { Token: newToken, RefreshToken: 'refresh-after-change' },
    });
    const app = renderApp('/account/password/change');

    const user = await chooseNewPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the change' });
    await user.type(within(dialog).getByLabelText('Current password'), 'the old one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(app.currentUrl()).toBe('/app/dashboard');
    expect(
      screen.getByText('Your password is changed. Your other devices have been signed out.'),
    ).toBeVisible();
    expect(fakeApi.requestsTo('PUT', identityPaths.passwordChange)[0]?.body).toEqual({
      oldPassword: 'the old one',
      newPassword,
    });
    expect(getAccessToken()).toBe(newToken);
    expect(getRefreshToken()).toBe('refresh-after-change');
  });

  it('goes to the page named in redirect instead', async () => {
    fakeApi.on('PUT', identityPaths.passwordChange, {
      status: 200,
      body: { Token: accessToken('USER'), RefreshToken: 'r2' },
    });
    const app = renderApp('/account/password/change?redirect=%2Fstore');

    const user = await chooseNewPassword();
    await user.type(await screen.findByLabelText('Current password'), 'the old one');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    expect(app.currentUrl()).toBe('/store');
  });

  it('keeps the dialog open with the reason when the current password is wrong', async () => {
    fakeApi.on('PUT', identityPaths.passwordChange, {
      status: 400,
      body: { errors: ['oldPassword: is not your current password.'] },
    });
    const app = renderApp('/account/password/change');

    const user = await chooseNewPassword();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the change' });
    await user.type(within(dialog).getByLabelText('Current password'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The password you typed is not your current password.',
    );
    expect(within(dialog).getByLabelText('Current password')).toHaveValue('not it');
    expect(app.currentUrl()).toBe('/account/password/change');
    expect(getRefreshToken()).toBe('refresh-1');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('returns to the form when the server refuses the new password', async () => {
    fakeApi.on('PUT', identityPaths.passwordChange, {
      status: 400,
      body: { errors: ['newPassword: must differ from your current password.'] },
    });
    renderApp('/account/password/change');

    const user = await chooseNewPassword();
    await user.type(await screen.findByLabelText('Current password'), newPassword);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('New password must differ from your current password.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the new password before asking for the current one', async () => {
    renderApp('/account/password/change');

    await chooseNewPassword('something else entirely');

    expect(await screen.findByText('Confirm new password must match the password')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
