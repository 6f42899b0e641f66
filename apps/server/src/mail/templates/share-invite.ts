// The invite to a doctor (docs/decisions/0029-care-sharing.md). It carries no reading, token or
// code; it points at a page that needs a sign-in.
import { looksLikeAddress } from '@vitalia/api/identity.contract';
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

/** The longest name a mail shows of what a person typed. */
const NAME_SHOWN_CHARS = 60;

/**
 * A name a person typed, as a mail to someone else shows it: in quotes, cut to NAME_SHOWN_CHARS,
 * and never in the subject, so that a "name" cannot write the mail's headline or its first line
 * ("Your account is suspended. Verify now at ..."). A name that reads as a web or mail address
 * (saved before such names were refused) is not shown at all.
 */
export function quotedName(name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  if (flat === '' || looksLikeAddress(flat)) return 'a Vitalia user';
  const cut = flat.length > NAME_SHOWN_CHARS ? `${flat.slice(0, NAME_SHOWN_CHARS)}…` : flat;
  return `a Vitalia user who gives their name as “${cut}”`;
}

export function shareInvite(
  values: { patientName: string; doctorHasAccount: boolean },
  site: MailSite,
): MailContent {
  const { patientName, doctorHasAccount } = values;
  const who = quotedName(patientName);
  return {
    subject: 'A patient would like to share their Vitalia readings with you',
    blocks: linkMessage({
      intro: `You have been invited by ${who} to see some of their health readings in Vitalia. Nothing is shown to you until you accept the invite in the Vitalia doctors' app, and they can pause or end the share at any time.`,
      action: 'Open Vitalia',
      link: site.publicUrl,
      outro: doctorHasAccount
        ? 'Sign in to the doctors\u2019 app with this email address to accept or decline.'
        : 'This email address has no Vitalia doctor account yet. The invite waits for one: ask the Vitalia team to create it for this address. If you do not know this person, ignore this message.',
    }),
  };
}
