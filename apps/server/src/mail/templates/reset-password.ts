// A password reset link, asked for on the sign-in page.
import { mailLinkPaths } from '@vitalia/api/identity.contract';
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

export function resetPassword(
  values: { token: string; usefulUntil: Date },
  site: MailSite,
): MailContent {
  return {
    subject: 'Reset your Vitalia password',
    blocks: linkMessage({
      intro: 'Someone, we hope you, asked to reset the password of your Vitalia account.',
      action: 'Choose a new password',
      link: `${site.publicUrl}${mailLinkPaths.resetPassword}${values.token}`,
      outro:
        'The link works once, for 30 minutes. If you did not ask for this, ignore this message: your password stays as it is.',
    }),
    usefulUntil: values.usefulUntil,
  };
}
