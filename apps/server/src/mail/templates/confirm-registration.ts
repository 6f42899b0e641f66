// The mail that finishes a registration: no account exists until its link is opened and a
// password chosen there, so only the owner of the mailbox can create an account with this address
// (docs/decisions/0051-registration-confirmed-by-mail.md). The token rides in the fragment
// (#token=), which browsers never send to a server.
import { mailLinkPaths } from '@vitalia/api/identity.contract';
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

export function confirmRegistration(
  values: { token: string; usefulUntil: Date },
  site: MailSite,
): MailContent {
  return {
    subject: 'Finish creating your Vitalia account',
    blocks: linkMessage({
      intro:
        'Welcome to Vitalia. Open the link below to confirm that this email address is yours, choose your password and finish creating your account.',
      action: 'Create my account',
      link: `${site.publicUrl}${mailLinkPaths.confirmRegistration}#token=${values.token}`,
      outro:
        'The link works once, for 24 hours. If you did not ask for a Vitalia account, ignore this message: no account is made without this link.',
    }),
    usefulUntil: values.usefulUntil,
  };
}
