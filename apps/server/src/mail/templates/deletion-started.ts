// The first mail of an account's deletion (docs/decisions/0032-account-deletion.md): when it
// will happen and how to undo it. No secret, no link that changes anything.
import { linkMessage, type MailContent } from '../layout.ts';
import { utcDayAndTime } from '../../lib/utc-time.ts';
import type { MailSite } from '../site.ts';

export function deletionStarted(values: { purgeAfter: Date }, site: MailSite): MailContent {
  const when = utcDayAndTime(values.purgeAfter);
  return {
    subject: `Your Vitalia account will be deleted on ${when}`,
    blocks: linkMessage({
      intro: `You asked for your Vitalia account to be deleted. It will be deleted on ${when}, with your profile, readings, assessment, pictures and reminders; your shares with doctors and your share links have ended, and every device has been signed out. Your orders are kept for the store's accounts, with your name, email, phone and address removed.`,
      action: 'Sign in to restore your account',
      link: `${site.publicUrl}/account/signin`,
      outro:
        'Changed your mind? Sign in before then and choose "Restore my account": everything comes back except your reminders, shares and links, which you set again. If you did not ask for this, sign in and restore it at once, then change your password.',
    }),
  };
}
