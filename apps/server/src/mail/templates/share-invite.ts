// The invite to a doctor (docs/decisions/0029-care-sharing.md). It carries no reading, token or
// code; it points at a page that needs a sign-in.
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

export function shareInvite(
  values: { patientName: string; doctorHasAccount: boolean },
  site: MailSite,
): MailContent {
  const { patientName, doctorHasAccount } = values;
  return {
    subject: `${patientName} would like to share their Vitalia readings with you`,
    blocks: linkMessage({
      intro: `${patientName} has invited you to see some of their health readings in Vitalia. Nothing is shown to you until you accept the invite in the Vitalia doctors' app, and ${patientName} can pause or end the share at any time.`,
      action: 'Open Vitalia',
      link: site.publicUrl,
      outro: doctorHasAccount
        ? 'Sign in to the doctors\u2019 app with this email address to accept or decline.'
        : 'This email address has no Vitalia doctor account yet. The invite waits for one: ask the Vitalia team to create it for this address. If you do not know this person, ignore this message.',
    }),
  };
}
