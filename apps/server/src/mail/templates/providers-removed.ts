// Sign-in providers disconnected when the owner proved the address was theirs (a password reset,
// or confirming the address): whoever connected them before may not have been the owner. No secret.
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

const providerNames: Readonly<Record<string, string>> = { linkedin: 'LinkedIn' };

/** The web app's security settings page. */
export const securitySettingsPath = '/account/security';

export function providersRemoved(
  values: { providers: readonly string[]; because: 'password reset' | 'email confirmed' },
  site: MailSite,
): MailContent {
  const names = values.providers
    .map((provider) => providerNames[provider] ?? provider)
    .join(' and ');
  const reason =
    values.because === 'password reset'
      ? 'the password of your Vitalia account was reset'
      : 'the email address of your Vitalia account was confirmed';
  return {
    subject: `${names} was disconnected from your Vitalia account`,
    blocks: linkMessage({
      intro: `Because ${reason}, we disconnected ${names} from it: it was connected before the address was proven to be yours, so it can no longer open the account.`,
      action: 'Open your security settings',
      link: `${site.publicUrl}${securitySettingsPath}`,
      outro: `If you connected ${names} yourself, you can connect it again there. If you did not, nothing more is needed: it no longer opens your account.`,
    }),
  };
}
