import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths, type Profile } from '@vitalia/api/identity.contract';
import { leaveFor } from '../../../lib/leave-for';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

// jsdom cannot leave for another site; what matters is where the app sends the browser.
vi.mock('../../../lib/leave-for', () => ({ leaveFor: vi.fn() }));

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const qrCode = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

/** The profile as the server holds it; the calls below switch two-factor sign-in on and off. */
let twoFactorEnabled: boolean;

function serveAccount(profile: Partial<Profile> = {}) {
  twoFactorEnabled = profile.twoFactorEnabled ?? false;
  fakeApi.on('GET', identityPaths.profile, () => ({
    status: 200,
    body: aProfile({ ...profile, twoFactorEnabled }),
  }));
}

/** jsdom's Blob has no text(); FileReader reads it as a browser would. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

function twoFactorSection() {
  return screen.getByRole('region', { name: 'Two-factor sign-in' });
}

beforeEach(() => signInAs());

describe('account security', () => {
  it('is linked from the account page, which says whether two-factor sign-in is on', async () => {
    serveAccount({ twoFactorEnabled: true });
    const app = renderApp('/account');
    const user = userEvent.setup();

    const card = await screen.findByRole('link', { name: 'Security' });
    expect(card).toHaveAttribute('href', '/account/security');
    await waitFor(() => expect(card).toHaveAccessibleDescription(/^Two-factor on/));
    await user.click(card);

    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    expect(app.currentUrl()).toBe('/account/security');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(within(section).getByText('On')).toBeVisible();
    // Back to this page afterwards, where the sessions list shows the others gone.
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/account/password/change?redirect=%2Faccount%2Fsecurity',
    );
  });

  describe('switching two-factor sign-in on', () => {
    beforeEach(() => {
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:recovery-codes'),
        revokeObjectURL: vi.fn(),
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
      Reflect.deleteProperty(navigator, 'clipboard');
      vi.restoreAllMocks();
    });

    it('asks for the password, shows the QR code and key, confirms a code and shows the recovery codes once', async () => {
      serveAccount();
      fakeApi
        .on('POST', identityPaths.totpSetup, {
          status: 200,
          body: { secret, otpauthUrl: `otpauth://totp/Vitalia:ada?secret=${secret}`, qrCode },
        })
        .on('POST', identityPaths.totpEnable, () => {
          twoFactorEnabled = true;
          return { status: 200, body: { recoveryCodes } };
        });
      renderApp('/account/security');
      const user = userEvent.setup();

      const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
      expect(within(section).getByText('Off')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Switch on' }));

      // 1. The password again.
      await user.type(screen.getByLabelText('Current password'), 'correct horse battery');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(fakeApi.requestsTo('POST', identityPaths.totpSetup)[0]?.body).toEqual({
        password: 'correct horse battery',
      });

      // 2. The QR code, the key in groups of four, then a code from the app.
      const qr = await screen.findByRole('img', { name: /QR code/ });
      expect(qr).toHaveAttribute('src', qrCode);
      // On the phone itself the key goes straight to the authenticator app.
      expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
        'href',
        `otpauth://totp/Vitalia:ada?secret=${secret}`,
      );
      expect(screen.getByLabelText('Setup key')).toHaveValue(
        'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
      );
      const writeText = vi.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText },
      });
      await user.click(screen.getByRole('button', { name: 'Copy key' }));
      expect(writeText).toHaveBeenCalledWith(secret);
      expect(await screen.findByText('The key is copied.')).toBeVisible();
      const code = screen.getByLabelText('Code from the app');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await user.type(code, '123456');
      await user.click(screen.getByRole('button', { name: 'Switch on' }));
      expect(fakeApi.requestsTo('POST', identityPaths.totpEnable)[0]?.body).toEqual({
        code: '123456',
      });

      // 3. The ten recovery codes, with a download.
      const list = await screen.findByRole('list', { name: 'Recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(recoveryCodes);
      // jsdom cannot follow a download; the link clicked is all the test needs.
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      await user.click(screen.getByRole('button', { name: 'Download' }));
      const downloaded = click.mock.contexts[0] as HTMLAnchorElement | undefined;
      expect(downloaded?.download).toBe('vitalia-recovery-codes.txt');
      expect(downloaded?.href).toBe('blob:recovery-codes');
      const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
      const text = await readText(blob);
      expect(text).toContain('Vitalia recovery codes for ada@example.com');
      for (const recoveryCode of recoveryCodes) expect(text).toContain(`\n${recoveryCode}\n`);

      // The profile was refreshed meanwhile, but the codes stay until the person is done.
      await waitFor(() => expect(fakeApi.requestsTo('GET', identityPaths.profile)).toHaveLength(2));
      expect(screen.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'I have saved them' }));

      expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
      expect(screen.getByText(/Two-factor sign-in is on\. From now on/)).toBeVisible();
      expect(within(twoFactorSection()).getByText('On')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Switch off' })).toBeVisible();
    });

    it("shows the server's refusal of the password, with a word for LinkedIn accounts", async () => {
      serveAccount();
      fakeApi.on('POST', identityPaths.totpSetup, {
        status: 400,
        body: { errors: ['password: is not your current password.'] },
      });
      renderApp('/account/security');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Switch on' }));
      await user.type(screen.getByLabelText('Current password'), 'not it');
      await user.click(screen.getByRole('button', { name: 'Continue' }));

      expect(
        await screen.findByText('The password you typed is not your current password.'),
      ).toBeVisible();
      expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText(/Created your account with LinkedIn\?/)).toBeVisible();
      expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    });

    it('puts a code that does not match beside the code field', async () => {
      serveAccount();
      fakeApi
        .on('POST', identityPaths.totpSetup, {
          status: 200,
          body: { secret, otpauthUrl: 'otpauth://totp/x', qrCode },
        })
        .on('POST', identityPaths.totpEnable, {
          status: 400,
          body: {
            errors: [
              'code: does not match; check the time on your phone, or start again to get a new QR code.',
            ],
          },
        });
      renderApp('/account/security');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Switch on' }));
      await user.type(screen.getByLabelText('Current password'), 'correct horse battery');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await user.type(await screen.findByLabelText('Code from the app'), '000000');
      await user.click(screen.getByRole('button', { name: 'Switch on' }));

      expect(
        await screen.findByText(/^Code does not match; check the time on your phone/),
      ).toBeVisible();
      expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    });

    it('can be cancelled, changing nothing', async () => {
      serveAccount();
      renderApp('/account/security');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Switch on' }));
      await user.click(screen.getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Switch on' })).toBeVisible();
      expect(fakeApi.requestsTo('POST', identityPaths.totpSetup)).toEqual([]);
    });
  });

  describe('switching two-factor sign-in off', () => {
    it('needs the password and a code, then shows it off', async () => {
      serveAccount({ twoFactorEnabled: true });
      fakeApi.on('POST', identityPaths.totpDisable, () => {
        twoFactorEnabled = false;
        return { status: 204 };
      });
      renderApp('/account/security');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Switch off' }));
      const form = screen.getByRole('form', { name: 'Switch off two-factor sign-in' });
      await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
      await user.type(
        within(form).getByLabelText('Code from the app, or a recovery code'),
        'abcde-23456',
      );
      await user.click(within(form).getByRole('button', { name: 'Switch off' }));

      expect(await screen.findByText(/Two-factor sign-in is off\./)).toBeVisible();
      expect(fakeApi.requestsTo('POST', identityPaths.totpDisable)[0]?.body).toEqual({
        password: 'correct horse battery',
        code: 'abcde-23456',
      });
      await waitFor(() => expect(within(twoFactorSection()).getByText('Off')).toBeVisible());
      expect(screen.getByRole('button', { name: 'Switch on' })).toBeVisible();
    });

    it("shows the server's refusal of the code beside it", async () => {
      serveAccount({ twoFactorEnabled: true });
      fakeApi.on('POST', identityPaths.totpDisable, {
        status: 400,
        body: { errors: ['code: is not a current code or an unused recovery code.'] },
      });
      renderApp('/account/security');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Switch off' }));
      const form = screen.getByRole('form', { name: 'Switch off two-factor sign-in' });
      await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
      await user.type(
        within(form).getByLabelText('Code from the app, or a recovery code'),
        '111111',
      );
      await user.click(within(form).getByRole('button', { name: 'Switch off' }));

      expect(
        await screen.findByText('The code is not a current code or an unused recovery code.'),
      ).toBeVisible();
      expect(within(twoFactorSection()).getByText('On')).toBeVisible();
    });
  });

  describe('LinkedIn', () => {
    function serveLinkedin(links: { linked: 'linkedin'[]; hasPassword: boolean }) {
      let current = links;
      fakeApi
        .on('GET', identityPaths.socialProviders, {
          status: 200,
          body: { providers: ['linkedin'] },
        })
        .on('GET', identityPaths.socialLinks, () => ({ status: 200, body: current }))
        .on('DELETE', identityPaths.linkedinLink, () => {
          current = { linked: [], hasPassword: true };
          return { status: 200, body: current };
        });
    }
    const linkedinSection = () => screen.getByRole('region', { name: 'Sign in with LinkedIn' });

    it('connects it after the password, sending the browser to LinkedIn', async () => {
      serveAccount();
      serveLinkedin({ linked: [], hasPassword: true });
      fakeApi.on('POST', identityPaths.linkedinConnect, (request) =>
        (request.body as { password: string }).password === 'correct horse battery'
          ? { status: 200, body: { url: 'https://www.linkedin.com/oauth/v2/authorization?x=1' } }
          : { status: 400, body: { errors: ['password: is not your current password.'] } },
      );
      renderApp('/account/security');
      const user = userEvent.setup();

      expect(
        await within(
          await screen.findByRole('region', { name: 'Sign in with LinkedIn' }),
        ).findByText('Not connected'),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Connect LinkedIn' }));
      const form = screen.getByRole('form', { name: 'Connect LinkedIn' });
      await user.type(within(form).getByLabelText('Current password'), 'a wrong guess here');
      await user.click(within(form).getByRole('button', { name: 'Continue to LinkedIn' }));
      expect(
        await within(form).findByText('The password you typed is not your current password.'),
      ).toBeVisible();
      expect(vi.mocked(leaveFor)).not.toHaveBeenCalled();

      await user.clear(within(form).getByLabelText('Current password'));
      await user.type(within(form).getByLabelText('Current password'), 'correct horse battery');
      await user.click(within(form).getByRole('button', { name: 'Continue to LinkedIn' }));
      await waitFor(() =>
        expect(vi.mocked(leaveFor)).toHaveBeenCalledWith(
          'https://www.linkedin.com/oauth/v2/authorization?x=1',
        ),
      );
      // The mark that tells the page LinkedIn returns to that this tab is connecting.
      expect(window.sessionStorage.getItem('vitalia.linkedin.intent')).toBe('connect');
    });

    it('is not offered while two-factor sign-in is on, and says why', async () => {
      serveAccount({ twoFactorEnabled: true });
      serveLinkedin({ linked: [], hasPassword: true });
      renderApp('/account/security');

      const section = await screen.findByRole('region', { name: 'Sign in with LinkedIn' });
      expect(
        await within(section).findByText(
          /With two-factor sign-in on, LinkedIn cannot be connected/,
        ),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Connect LinkedIn' })).not.toBeInTheDocument();
    });

    it('says it is connected, and disconnects it', async () => {
      serveAccount();
      serveLinkedin({ linked: ['linkedin'], hasPassword: true });
      renderApp('/account/security');
      const user = userEvent.setup();

      await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
      expect(
        await within(linkedinSection()).findByText(
          'LinkedIn is disconnected. Sign in with your email address and password.',
        ),
      ).toBeVisible();
      expect(within(linkedinSection()).getByText('Not connected')).toBeVisible();
      expect(fakeApi.requestsTo('DELETE', identityPaths.linkedinLink)).toHaveLength(1);
    });

    it('offers no Disconnect to an account LinkedIn is the only way into', async () => {
      serveAccount();
      serveLinkedin({ linked: ['linkedin'], hasPassword: false });
      renderApp('/account/security');

      expect(
        await within(
          await screen.findByRole('region', { name: 'Sign in with LinkedIn' }),
        ).findByText('Connected'),
      ).toBeVisible();
      expect(within(linkedinSection()).getByText(/your only way into this account/)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    });

    it('is not shown when the server does not offer LinkedIn', async () => {
      serveAccount();
      fakeApi.on('GET', identityPaths.socialProviders, { status: 200, body: { providers: [] } });
      renderApp('/account/security');

      expect(await screen.findByRole('region', { name: 'Two-factor sign-in' })).toBeVisible();
      await waitFor(() =>
        expect(fakeApi.requestsTo('GET', identityPaths.socialProviders)).toHaveLength(1),
      );
      expect(
        screen.queryByRole('region', { name: 'Sign in with LinkedIn' }),
      ).not.toBeInTheDocument();
      expect(fakeApi.requestsTo('GET', identityPaths.socialLinks)).toEqual([]);
    });
  });
});
