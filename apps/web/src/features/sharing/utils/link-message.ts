// The message a person sends with a link for a visit: what it is and until when. The code is never
// in it: it is given separately, so that whoever finds the message alone cannot open the link
// (docs/decisions/0029-care-sharing.md).
import type { CreatedLink } from '@vitalia/api/sharing.contract';
import { formatTakenAt } from '../../../readings/format/reading-time';

/** The fields of the Web Share API's share(). */
export interface LinkMessage {
  title: string;
  text: string;
  url: string;
}

export function linkMessage(created: CreatedLink): LinkMessage {
  const { link, url } = created;
  const code = link.hasCode ? ' It asks for a 6-digit code, which I will give you separately.' : '';
  return {
    title: 'My health readings in Vitalia',
    text: `A read-only link to my health readings in Vitalia (“${link.label}”), open until ${formatTakenAt(link.expiresAt)}.${code}`,
    url,
  };
}

/** The message as one text to paste, where the browser cannot share: the words, then the link. */
export function pastedMessage(message: LinkMessage): string {
  return `${message.text}\n${message.url}`;
}
