// The invite to a doctor (docs/decisions/0029-care-sharing.md). It carries no reading, token or
// code; it points at a page that needs a sign-in, or, for an address with no doctor account, says
// how one is made (docs/decisions/0054-sharing-on-the-phone.md).
import { looksLikeAddress } from '@vitalia/api/identity.contract';
import { linkMessage, type MailBlock, type MailContent } from '../layout.ts';
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

/**
 * What a doctor without an account does to see the readings. Doctor accounts are made only by
 * whoever runs the Vitalia server, with its `user:create` task (registration makes patients), and
 * doctors read shares in the doctors' mobile app: a button to the website would lead nowhere.
 */
const withoutAccount: MailBlock[] = [
  {
    kind: 'paragraph',
    text: 'This email address has no Vitalia doctor account yet, and doctors cannot sign up themselves: a doctor account is made by whoever runs Vitalia for your clinic or practice. To see the readings:',
  },
  {
    kind: 'paragraph',
    text: '1. Ask them to make a doctor account for this exact address. They run: npm run user:create -- --email <this address> --role DOC',
  },
  {
    kind: 'paragraph',
    text: '2. Sign in to the Vitalia doctors\u2019 app with this address and the password set for it. The invite waits there until you accept or decline it, or the patient withdraws it.',
  },
  {
    kind: 'paragraph',
    text: 'If nobody runs Vitalia for your practice, the patient can instead make a link for a visit, which opens in a web browser without an account. If you do not know this person, ignore this message.',
    muted: true,
  },
];

export function shareInvite(
  values: { patientName: string; doctorHasAccount: boolean },
  site: MailSite,
): MailContent {
  const { patientName, doctorHasAccount } = values;
  const who = quotedName(patientName);
  const intro = `You have been invited by ${who} to see some of their health readings in Vitalia. Nothing is shown to you until you accept the invite in the Vitalia doctors' app, and they can pause or end the share at any time.`;
  return {
    subject: 'A patient would like to share their Vitalia readings with you',
    blocks: doctorHasAccount
      ? linkMessage({
          intro,
          action: 'Open Vitalia',
          link: site.publicUrl,
          outro: 'Sign in to the doctors\u2019 app with this email address to accept or decline.',
        })
      : [{ kind: 'paragraph', text: intro }, ...withoutAccount],
  };
}
