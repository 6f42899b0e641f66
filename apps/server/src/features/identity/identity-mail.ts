// The messages the identity feature sends. Links point at the web app's pages; the
// verification token rides in the fragment (#token=), which browsers never send to a server.
import { mailLinkPaths } from '@vitalia/api/identity.contract';

/** The web app's security settings page. */
const securitySettingsPath = '/account/security';
import { linkMail, type MailMessage } from '../../plugins/mailer.ts';
import { linkLifetimesMs } from './email-links.service.ts';

/** A link mail is worth sending only while its link works. */
const whileLinkWorks = (purpose: keyof typeof linkLifetimesMs) =>
  new Date(Date.now() + linkLifetimesMs[purpose]);

export function verificationMail(to: string, publicUrl: string, token: string): MailMessage {
  return linkMail({
    to,
    subject: 'Confirm your email address for Vitalia',
    intro: 'Welcome to Vitalia. Please confirm that this email address is yours.',
    action: 'Confirm my email address',
    link: `${publicUrl}${mailLinkPaths.verifyEmail}#token=${token}`,
    outro:
      'The link works once, for 24 hours. If you did not create a Vitalia account, ignore this message.',
    usefulUntil: whileLinkWorks('verify_email'),
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
    usefulUntil: whileLinkWorks('reset_password'),
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

/** A change to how the account is opened, which its owner is always told about. */
export type AccountChange =
  | 'password changed'
  | 'password reset'
  | 'two-factor on'
  | 'two-factor off'
  | 'recovery code used'
  | 'linkedin connected'
  | 'linkedin removed';

const changeWords: Readonly<Record<AccountChange, { subject: string; what: string }>> = {
  'password changed': {
    subject: 'Your Vitalia password was changed',
    what: 'The password of your Vitalia account was changed, and every other session was signed out.',
  },
  'password reset': {
    subject: 'Your Vitalia password was reset',
    what: 'The password of your Vitalia account was reset with a link sent to this address, and every session was signed out.',
  },
  'two-factor on': {
    subject: 'Two-factor sign-in is on for your Vitalia account',
    what: 'Two-factor sign-in was switched on: signing in now also asks for a code from an authenticator app.',
  },
  'two-factor off': {
    subject: 'Two-factor sign-in is off for your Vitalia account',
    what: 'Two-factor sign-in was switched off: signing in now needs only the password.',
  },
  'recovery code used': {
    subject: 'A recovery code opened your Vitalia account',
    what: 'One of your two-factor recovery codes was used to sign in. Each code works once.',
  },
  'linkedin connected': {
    subject: 'LinkedIn can now open your Vitalia account',
    what: 'LinkedIn was connected to your Vitalia account: "Sign in with LinkedIn" now opens it.',
  },
  'linkedin removed': {
    subject: 'LinkedIn no longer opens your Vitalia account',
    what: 'LinkedIn was disconnected from your Vitalia account.',
  },
};

/**
 * Tells the owner that how the account is opened changed, when and from where, with a way to act
 * if it was not them. It holds no secret: no code, no token, no link that changes anything.
 */
export function accountChangeMail(
  to: string,
  publicUrl: string,
  change: AccountChange,
  context: { at: Date; device: string; ip: string },
): MailMessage {
  const words = changeWords[change];
  const when = context.at.toISOString().replace('T', ' ').slice(0, 16);
  return linkMail({
    to,
    subject: words.subject,
    intro: `${words.what} This happened at ${when} UTC, from ${context.device} at ${context.ip}.`,
    action: 'Review your security settings',
    link: `${publicUrl}${securitySettingsPath}`,
    outro:
      'If this was you, there is nothing to do. If it was not, reset your password from the sign-in page at once, then end the sessions you do not recognise in your security settings.',
  });
}
