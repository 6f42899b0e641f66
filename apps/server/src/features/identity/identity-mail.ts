// The messages the identity feature sends. Links point at the web app's pages; the
// verification token rides in the fragment (#token=), which browsers never send to a server.
import { mailLinkPaths } from '@vitalia/api/identity.contract';

/** The web app's security settings page. */
const securitySettingsPath = '/account/security';
import { linkMail, type MailMessage } from '../../plugins/mailer.ts';

export function verificationMail(to: string, publicUrl: string, token: string): MailMessage {
  return linkMail({
    to,
    subject: 'Confirm your email address for Vitalia',
    intro: 'Welcome to Vitalia. Please confirm that this email address is yours.',
    action: 'Confirm my email address',
    link: `${publicUrl}${mailLinkPaths.verifyEmail}#token=${token}`,
    outro:
      'The link works once, for 24 hours. If you did not create a Vitalia account, ignore this message.',
  });
}

export function resetMail(to: string, publicUrl: string, token: string): MailMessage {
  return linkMail({
    to,
    subject: 'Reset your Vitalia password',
    intro: 'Someone, we hope you, asked to reset the password of your Vitalia account.',
    action: 'Choose a new password',
    link: `${publicUrl}${mailLinkPaths.resetPassword}${token}`,
    outro:
      'The link works once, for 30 minutes. If you did not ask for this, ignore this message: your password stays as it is.',
  });
}

const providerNames: Readonly<Record<string, string>> = { linkedin: 'LinkedIn' };

/**
 * Tells the owner that sign-in providers were disconnected when they proved the address was theirs
 * (a password reset, or confirming the address): whoever connected them before may not have been
 * the owner. No secret in it.
 */
export function providersRemovedMail(
  to: string,
  publicUrl: string,
  providers: readonly string[],
  because: 'password reset' | 'email confirmed',
): MailMessage {
  const names = providers.map((provider) => providerNames[provider] ?? provider).join(' and ');
  const reason =
    because === 'password reset'
      ? 'the password of your Vitalia account was reset'
      : 'the email address of your Vitalia account was confirmed';
  return linkMail({
    to,
    subject: `${names} was disconnected from your Vitalia account`,
    intro: `Because ${reason}, we disconnected ${names} from it: it was connected before the address was proven to be yours, so it can no longer open the account.`,
    action: 'Open your security settings',
    link: `${publicUrl}${securitySettingsPath}`,
    outro: `If you connected ${names} yourself, you can connect it again there. If you did not, nothing more is needed: it no longer opens your account.`,
  });
}
