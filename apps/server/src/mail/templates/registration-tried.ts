// Someone tried to register an address that already has an account. The registration answers as
// for any address taken, and says nothing more (not whether the account is waiting to be deleted:
// sign-in says that once the password is right); the owner hears it here, in their own mailbox
// (docs/decisions/0009-passwords-and-attempt-limits.md). It holds no secret and no link that
// changes anything.
import { linkMessage, type MailContent } from '../layout.ts';
import { utcDayAndTime, utcMinute } from '../../lib/utc-time.ts';
import type { MailSite } from '../site.ts';

/** The web app's sign-in page. */
const signInPath = '/account/signin';

export function registrationTried(
  values: { at: Date; deletionOn: Date | null },
  site: MailSite,
): MailContent {
  const deletion = values.deletionOn
    ? ` Your account is waiting to be deleted on ${utcDayAndTime(values.deletionOn)}: signing in before then offers to restore it.`
    : '';
  return {
    subject: 'Someone tried to make a new Vitalia account with your address',
    blocks: linkMessage({
      intro: `At ${utcMinute(values.at)} UTC someone tried to create a new Vitalia account with this email address, which already has one. No account was made and nothing in yours changed.${deletion}`,
      action: 'Sign in to Vitalia',
      link: `${site.publicUrl}${signInPath}`,
      outro:
        'If it was you, sign in with this address, or reset your password from the sign-in page if you have forgotten it. If it was not you, there is nothing to do; we tell you at most once a day.',
    }),
  };
}
