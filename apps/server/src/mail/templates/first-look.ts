// A note to the person the first time a doctor opens their data or a link is first opened
// (docs/decisions/0029-care-sharing.md). No reading in it; the link needs a sign-in.
import { linkMessage, type MailContent } from '../layout.ts';
import { utcMinute } from '../../lib/utc-time.ts';
import type { MailSite } from '../site.ts';

/** The web app's Sharing page. */
export const sharingPagePath = '/sharing';

export function firstLook(
  values: { who: string; kind: 'doctor' | 'link'; at: Date },
  site: MailSite,
): MailContent {
  const { who, kind } = values;
  const when = utcMinute(values.at);
  return {
    subject:
      kind === 'doctor'
        ? `${who} has opened the readings you share`
        : 'Your Vitalia link was opened for the first time',
    blocks: linkMessage({
      intro:
        kind === 'doctor'
          ? `${who} opened the readings you share with them for the first time (${when} UTC).`
          : `Your link "${who}" was opened for the first time (${when} UTC).`,
      action: 'See who looked, and when',
      link: `${site.publicUrl}${sharingPagePath}`,
      outro:
        'Every look is in the access log on your Sharing page. If you did not expect this, end the share or the link there: it stops at once.',
    }),
  };
}
