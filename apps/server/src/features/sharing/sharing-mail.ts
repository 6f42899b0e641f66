// The mail care sharing sends (docs/decisions/0029-care-sharing.md): the invite to the doctor, and
// a note to the person the first time a doctor opens their data or a link is first opened. None
// carries a reading, a token or a code; each points at a page that needs a sign-in.
import { linkMail, type MailMessage } from '../../plugins/mailer.ts';

/** The web app's Sharing page. */
export const sharingPagePath = '/sharing';

export function inviteMail(options: {
  to: string;
  patientName: string;
  publicUrl: string;
  doctorHasAccount: boolean;
}): MailMessage {
  const { to, patientName, publicUrl, doctorHasAccount } = options;
  return linkMail({
    to,
    subject: `${patientName} would like to share their Vitalia readings with you`,
    intro: `${patientName} has invited you to see some of their health readings in Vitalia. Nothing is shown to you until you accept the invite in the Vitalia doctors' app, and ${patientName} can pause or end the share at any time.`,
    action: 'Open Vitalia',
    link: publicUrl,
    outro: doctorHasAccount
      ? 'Sign in to the doctors\u2019 app with this email address to accept or decline.'
      : 'This email address has no Vitalia doctor account yet. The invite waits for one: ask the Vitalia team to create it for this address. If you do not know this person, ignore this message.',
  });
}

export function firstLookMail(options: {
  to: string;
  publicUrl: string;
  who: string;
  kind: 'doctor' | 'link';
  at: Date;
}): MailMessage {
  const { to, publicUrl, who, kind, at } = options;
  const when = at.toISOString().replace('T', ' ').slice(0, 16);
  return linkMail({
    to,
    subject:
      kind === 'doctor'
        ? `${who} has opened the readings you share`
        : 'Your Vitalia link was opened for the first time',
    intro:
      kind === 'doctor'
        ? `${who} opened the readings you share with them for the first time (${when} UTC).`
        : `Your link "${who}" was opened for the first time (${when} UTC).`,
    action: 'See who looked, and when',
    link: `${publicUrl}${sharingPagePath}`,
    outro:
      'Every look is in the access log on your Sharing page. If you did not expect this, end the share or the link there: it stops at once.',
  });
}
