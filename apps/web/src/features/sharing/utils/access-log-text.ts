import type { AccessEntry } from '@vitalia/api/sharing.contract';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'You' for the person's own acts; the doctor or the link as the server names them. */
export function whoText(entry: AccessEntry): string {
  return entry.who === 'you' ? 'You' : entry.who;
}

/** The label of the link an entry names as 'link: <label>'. */
const linkLabelOf = (who: string) => (who.startsWith('link: ') ? who.slice('link: '.length) : who);

/**
 * 'Viewed readings: blood pressure, readings 1-50', 'Paused'; a wrong code in a sentence, since
 * 'Wrong code' alone does not say that someone tried to open the link (the server never keeps the
 * code they typed).
 */
export function happenedText(entry: AccessEntry): string {
  if (entry.action === 'wrong code') {
    const tries = entry.what ? ` (${entry.what})` : '';
    return `Someone typed a wrong code for the link “${linkLabelOf(entry.who)}”${tries}`;
  }
  const action = capitalised(entry.action);
  return entry.what ? `${action}: ${entry.what}` : action;
}

/** 'Vitalia for Android · 203.0.113.7'; a dash when neither is known. */
export function fromWhereText(entry: AccessEntry): string {
  const parts = [entry.client, entry.address].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : '—';
}
