import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityPaths, sessionPath, type SessionView } from '@vitalia/api/identity.contract';
import { fakeApi } from '../../../test/fake-api';
import { accessToken, aProfile, aSession, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

// The 'Where you are signed in' card of /account/security, and the offer to sign the other
// devices out after two-factor sign-in is switched on or off.

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const thisBrowser = aSession({
  id: '11111111-1111-4111-8111-111111111111',
  current: true,
  device: 'Firefox on Linux',
  ip: '198.51.100.4',
  lastUsedAt: minutesAgo(0),
});
const phone = aSession({
  id: '22222222-2222-4222-8222-222222222222',
  device: 'Chrome on Android',
  ip: '203.0.113.7',
  lastUsedAt: minutesAgo(5),
});
const doctorsApp = aSession({
  id: '33333333-3333-4333-8333-333333333333',
  client: 'vitalia-doctors',
  device: 'an app on iOS',
  ip: '192.0.2.9',
  lastUsedAt: minutesAgo(3 * 24 * 60),
});

/** The sessions as the server holds them; the calls below end them. */
let live: SessionView[];
let twoFactorEnabled: boolean;

function serve(sessions: SessionView[], profile = { twoFactorEnabled: false }) {
  live = sessions;
  twoFactorEnabled = profile.twoFactorEnabled;
  fakeApi
    .on('GET', identityPaths.profile, () => ({
      status: 200,
      body: aProfile({ twoFactorEnabled }),
    }))
    .on('GET', identityPaths.sessions, () => ({ status: 200, body: { sessions: live } }))
    .on('POST', identityPaths.sessionsEndOthers, () => {
      const ended = live.filter((session) => !session.current).length;
      live = live.filter((session) => session.current);
      return { status: 200, body: { ended } };
    });
  for (const session of sessions) {
    fakeApi.on('DELETE', sessionPath(session.id), () => {
      if (!live.some((one) => one.id === session.id)) return { status: 404, body: { errors: [] } };
      live = live.filter((one) => one.id !== session.id);
      return { status: 204 };
    });
  }
}

async function sessionsCard() {
  return screen.findByRole('region', { name: 'Where you are signed in' });
}

async function sessionItems() {
  const list = await within(await sessionsCard()).findByRole('list', { name: 'Sessions' });
  return within(list).getAllByRole('listitem');
}

beforeEach(() => signInAs());

describe('where you are signed in', () => {
  it('lists every session with its device, app, address and last use, this device marked', async () => {
    serve([phone, thisBrowser, doctorsApp]);
    renderApp('/account/security');

    const [first, second, third] = await sessionItems();
    // This device first, whatever the server's order.
    expect(first).toHaveTextContent('Firefox on Linux');
    expect(within(first!).getByText('This device')).toBeVisible();
    expect(first).toHaveTextContent('Vitalia on the web · 198.51.100.4');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();

    expect(second).toHaveTextContent('Chrome on Android');
    expect(second).toHaveTextContent('Vitalia on the web · 203.0.113.7');
    expect(within(second!).queryByText('This device')).not.toBeInTheDocument();
    const lastUsed = within(second!).getByText('5 minutes ago');
    expect(lastUsed).toHaveAttribute('datetime', phone.lastUsedAt);
    // The exact time, on hover and for screen readers.
    expect(lastUsed.getAttribute('title')).toMatch(/\d{4}, \d{2}:\d{2}$/);
    expect(second).toHaveTextContent(`(${lastUsed.getAttribute('title')})`);

    expect(third).toHaveTextContent('An app on iOS');
    expect(third).toHaveTextContent('An app: vitalia-doctors · 192.0.2.9');
    expect(within(third!).getByText('3 days ago')).toBeVisible();

    const end = screen.getByRole('button', { name: 'End the session on Chrome on Android' });
    expect(end).toHaveAccessibleDescription(/203\.0\.113\.7.*Last used 5 minutes ago/);
    expect(screen.getByRole('button', { name: 'End the session on an app on iOS' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
  });

  it('says "This device" for the session in use, never a stale last use', async () => {
    // Stamped at the last token refresh, eleven minutes before the page was opened.
    serve([{ ...thisBrowser, lastUsedAt: minutesAgo(11) }, phone]);
    renderApp('/account/security');

    const [first] = await sessionItems();
    expect(within(first!).getByText('This device')).toBeVisible();
    expect(first).not.toHaveTextContent(/last used|ago/i);
    expect(first!.querySelector('time')).toBeNull();
  });

  it('ends one after asking, then shows the list as the server now has it', async () => {
    serve([thisBrowser, phone, doctorsApp]);
    renderApp('/account/security');
    const user = userEvent.setup();

    await sessionItems();
    await user.click(screen.getByRole('button', { name: 'End the session on Chrome on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('Chrome on Android at 203.0.113.7 is signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));

    expect(await within(await sessionsCard()).findByText('One session ended.')).toBeVisible();
    expect(fakeApi.requestsTo('DELETE', sessionPath(phone.id))).toHaveLength(1);
    expect(fakeApi.requestsTo('DELETE', sessionPath(doctorsApp.id))).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const items = await sessionItems();
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Firefox on Linux'),
      expect.stringContaining('An app on iOS'),
    ]);
    expect(
      screen.queryByRole('button', { name: 'End the session on Chrome on Android' }),
    ).not.toBeInTheDocument();
  });

  it('changes nothing when the dialog is cancelled', async () => {
    serve([thisBrowser, phone]);
    renderApp('/account/security');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'End the session on Chrome on Android' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.requestsTo('DELETE', sessionPath(phone.id))).toEqual([]);
    expect(await sessionItems()).toHaveLength(2);
  });

  it('says so when the session had ended meanwhile', async () => {
    serve([thisBrowser, phone]);
    renderApp('/account/security');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', { name: 'End the session on Chrome on Android' }),
    );
    live = [thisBrowser]; // Signed out on the phone while the dialog was open.
    await user.click(screen.getByRole('button', { name: 'End session' }));

    expect(await screen.findByText('That session had already ended.')).toBeVisible();
    await waitFor(async () => expect(await sessionItems()).toHaveLength(1));
  });

  it('signs out everywhere else, leaving this device', async () => {
    serve([thisBrowser, phone, doctorsApp]);
    renderApp('/account/security');
    const user = userEvent.setup();

    await sessionItems();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('All 2 other sessions end at once');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out others' }));

    const card = await sessionsCard();
    expect(await within(card).findByText('2 sessions ended.')).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.sessionsEndOthers)).toHaveLength(1);
    await waitFor(async () => expect(await sessionItems()).toHaveLength(1));
    expect(within(card).getByText('This device')).toBeVisible();
    expect(within(card).getByText('No other device is signed in.')).toBeVisible();
    expect(
      within(card).queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when ending fails', async () => {
    serve([thisBrowser, phone]);
    fakeApi.on('POST', identityPaths.sessionsEndOthers, {
      status: 503,
      body: { errors: ['The server is busy; try again in a minute.'] },
    });
    renderApp('/account/security');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(screen.getByRole('button', { name: 'Sign out others' }));

    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(
      await within(dialog).findByText(/The server is busy; try again in a minute\./),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await sessionItems()).toHaveLength(2);
  });

  it('says when the list cannot be loaded, and loads it on Retry', async () => {
    serve([thisBrowser, phone]);
    let failing = true;
    fakeApi.on('GET', identityPaths.sessions, () =>
      failing
        ? { status: 429, body: { errors: ['Too many requests; wait a minute.'] } }
        : { status: 200, body: { sessions: live } },
    );
    renderApp('/account/security');
    const user = userEvent.setup();

    const card = await sessionsCard();
    expect(await within(card).findByText('Your sessions could not be loaded')).toBeVisible();
    expect(within(card).getByText(/Too many requests; wait a minute\./)).toBeVisible();
    failing = false;
    await user.click(within(card).getByRole('button', { name: 'Retry' }));

    expect(await sessionItems()).toHaveLength(2);
  });
});

describe('after a change to how the account is opened', () => {
  const offer = () => screen.queryByRole('group', { name: 'Sign out your other devices?' });

  async function switchTwoFactorOn() {
    fakeApi
      .on('POST', identityPaths.totpSetup, {
        status: 200,
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:,' },
      })
      .on('POST', identityPaths.totpEnable, () => {
        twoFactorEnabled = true;
        return {
          status: 200,
          body: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`) },
        };
      });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Switch on' }));
    await user.type(screen.getByLabelText('Current password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Switch on' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved them' }));
    return user;
  }

  it('offers to sign out the other devices once two-factor sign-in is on', async () => {
    serve([thisBrowser, phone, doctorsApp]);
    renderApp('/account/security');

    await sessionItems();
    expect(offer()).not.toBeInTheDocument();
    const user = await switchTwoFactorOn();

    const question = await screen.findByRole('group', { name: 'Sign out your other devices?' });
    expect(question).toHaveTextContent('2 other devices are still signed in to your account.');
    expect(question).toHaveTextContent('They stay signed in without a code.');
    expect(within(question).getByRole('heading', { level: 3 })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Sign out other devices' }));

    expect(
      await screen.findByText('2 sessions ended. Only this device is signed in now.'),
    ).toBeVisible();
    expect(fakeApi.requestsTo('POST', identityPaths.sessionsEndOthers)).toHaveLength(1);
    expect(offer()).not.toBeInTheDocument();
    // The list below agrees.
    await waitFor(async () => expect(await sessionItems()).toHaveLength(1));
  });

  it('keeps them when asked to', async () => {
    serve([thisBrowser, phone]);
    renderApp('/account/security');

    const user = await switchTwoFactorOn();
    const question = await screen.findByRole('group', { name: 'Sign out your other devices?' });
    expect(question).toHaveTextContent('One other device is still signed in');
    await user.click(within(question).getByRole('button', { name: 'Keep them' }));

    expect(offer()).not.toBeInTheDocument();
    expect(fakeApi.requestsTo('POST', identityPaths.sessionsEndOthers)).toEqual([]);
    expect(await sessionItems()).toHaveLength(2);
  });

  it('asks nothing when no other device is signed in', async () => {
    serve([thisBrowser]);
    renderApp('/account/security');

    await switchTwoFactorOn();

    expect(await screen.findByText(/Two-factor sign-in is on\. From now on/)).toBeVisible();
    await waitFor(() =>
      expect(fakeApi.requestsTo('GET', identityPaths.sessions).length).toBeGreaterThan(1),
    );
    expect(offer()).not.toBeInTheDocument();
  });

  it('offers it once two-factor sign-in is off too', async () => {
    serve([thisBrowser, phone], { twoFactorEnabled: true });
    fakeApi.on('POST', identityPaths.totpDisable, () => {
      twoFactorEnabled = false;
      return { status: 204 };
    });
    renderApp('/account/security');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Switch off' }));
    const form = screen.getByRole('form', { name: 'Switch off two-factor sign-in' });
    await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
    await user.type(within(form).getByLabelText('Code from the app, or a recovery code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Switch off' }));

    const question = await screen.findByRole('group', { name: 'Sign out your other devices?' });
    expect(question).toHaveTextContent('each needs your password to come back');
    await user.click(within(question).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText(/^One session ended\./)).toBeVisible();
  });

  it('returns here after a password change, saying the other devices are signed out', async () => {
    serve([thisBrowser, phone]);
    fakeApi.on('PUT', identityPaths.passwordChange, () => {
      live = [{ ...thisBrowser, id: '44444444-4444-4444-8444-444444444444' }];
      return {
        status: 200,
        body: { Token: accessToken('USER'), RefreshToken: 'refresh-after-change' },
      };
    });
    const app = renderApp('/account/security');
    const user = userEvent.setup();

    expect(await sessionItems()).toHaveLength(2);
    await user.click(screen.getByRole('link', { name: 'Change password' }));
    await user.type(await screen.findByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the change' });
    await user.type(within(dialog).getByLabelText('Current password'), 'the old one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText('Your password is changed. Your other devices have been signed out.'),
    ).toBeVisible();
    expect(app.currentUrl()).toBe('/account/security');
    // Never the ended ones, not even from before the change.
    const items = await sessionItems();
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('This device');
  });
});
