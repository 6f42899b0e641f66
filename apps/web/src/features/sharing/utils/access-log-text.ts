import type { AccessEntry } from '@vitalia/api/sharing.contract';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'You' for the person's own acts; the doctor or the link as the server names them. */
export function whoText(entry: AccessEntry): string {
  return entry.who === 'you' ? 'You' : entry.who;
}

/** 'Viewed readings: blood pressure, readings 1-50', 'Paused'. */
export function happenedText(entry: AccessEntry): string {
  const action = capitalised(entry.action);
  return entry.what ? `${action}: ${entry.what}` : action;
}

/** 'Vitalia for Android · 203.0.113.7'; a dash when neither is known. */
export function fromWhereText(entry: AccessEntry): string {
  const parts = [entry.client, entry.address].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : '—';
}
