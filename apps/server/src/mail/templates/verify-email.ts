// The first mail of an account: confirm the address. The token rides in the fragment (#token=),
// which browsers never send to a server.
import { mailLinkPaths } from '@vitalia/api/identity.contract';
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

export function verifyEmail(
  values: { token: string; usefulUntil: Date },
  site: MailSite,
): MailContent {
  return {
    subject: 'Confirm your email address for Vitalia',
    blocks: linkMessage({
      intro: 'Welcome to Vitalia. Please confirm that this email address is yours.',
      action: 'Confirm my email address',
      link: `${site.publicUrl}${mailLinkPaths.verifyEmail}#token=${values.token}`,
      outro:
        'The link works once, for 24 hours. If you did not create a Vitalia account, ignore this message.',
    }),
    usefulUntil: values.usefulUntil,
  };
}
