// A change to how the account is opened, always told to its owner (ASVS 5.0 asks for it), with
// when and from where. It holds no secret: no code, no token, no link that changes anything.
import { linkMessage, type MailContent } from '../layout.ts';
import { utcMinute } from '../../lib/utc-time.ts';
import type { MailSite } from '../site.ts';
import { securitySettingsPath } from './providers-removed.ts';

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

export function accountChange(
  values: { change: AccountChange; at: Date; device: string; ip: string },
  site: MailSite,
): MailContent {
  const words = changeWords[values.change];
  return {
    subject: words.subject,
    blocks: linkMessage({
      intro: `${words.what} This happened at ${utcMinute(values.at)} UTC, from ${values.device} at ${values.ip}.`,
      action: 'Review your security settings',
      link: `${site.publicUrl}${securitySettingsPath}`,
      outro:
        'If this was you, there is nothing to do. If it was not, reset your password from the sign-in page at once, then end the sessions you do not recognise in your security settings.',
    }),
  };
}
