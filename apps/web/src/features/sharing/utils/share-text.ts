// Shares and links as a person reads them: whom they are with, what they show, and where they
// stand, in words rather than the contract's status names.
import { linkCodeAttempts, type Share, type ShareLink } from '@vitalia/api/sharing.contract';
import { formatTakenAt } from '../../../readings/format/reading-time';
import { measuresText } from './measure-choice';

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/** Whether an instant is the start of a day in the browser's time zone, as the invite form sends. */
function startsADay(date: Date): boolean {
  return date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0;
}

/** '1 Sep 2026' for the start of a day; '1 Sep 2026, 08:30' for any other moment. */
function momentText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return startsADay(date) ? dayFormat.format(date) : formatTakenAt(iso);
}

/** 'from 1 Sep 2026', or 'all your history'. */
export function fromText(from: string | null): string {
  return from === null ? 'all your history' : `from ${momentText(from)}`;
}

/**
 * 'until 31 Dec 2026' for a share ending as 1 January starts (the last day shared, as it was
 * chosen); 'until 1 Jan 2027, 14:00' for one that ends at another moment; 'no end date'.
 */
export function untilText(until: string | null): string {
  if (until === null) return 'no end date';
  const end = new Date(until);
  if (Number.isNaN(end.getTime()) || !startsADay(end)) return `until ${momentText(until)}`;
  const lastDay = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 1);
  return `until ${dayFormat.format(lastDay)}`;
}

/** 'Blood pressure and pulse, and your risk assessment · from 1 Sep 2026 · no end date'. */
export function sharedWindowText(share: Share): string {
  const what = measuresText(share.allMeasures, share.measures);
  const assessment = share.includeAssessment ? ', and your risk assessment' : '';
  return `${what}${assessment} · ${fromText(share.from)} · ${untilText(share.until)}`;
}

/** 'Dr Ade Bello' once they have accepted; their address before. */
export function doctorOf(share: Pick<Share, 'doctorName' | 'doctorEmail'>): string {
  const name = share.doctorName?.trim();
  if (!name) return share.doctorEmail;
  return /^dr\.?\s/i.test(name) ? name : `Dr ${name}`;
}

export interface StatusWords {
  sentence: string;
  /** Whether the doctor or the link can see anything now, may soon, or never again. */
  tone: 'on' | 'waiting' | 'paused' | 'off';
}

export interface LinkStatusWords extends StatusWords {
  /** A word for the chip: 'Active', 'Expired'. */
  label: string;
}

export function shareStatusWords(share: Share): StatusWords {
  const doctor = doctorOf(share);
  switch (share.status) {
    case 'pending':
      return share.doctorHasAccount
        ? { sentence: `Waiting for ${doctor} to accept`, tone: 'waiting' }
        : {
            sentence: 'Waiting: no Vitalia doctor account uses this address yet',
            tone: 'waiting',
          };
    case 'active':
      return { sentence: `Sharing: ${doctor} can see what you share`, tone: 'on' };
    case 'paused':
      return {
        sentence: `Paused: ${doctor} sees nothing until you resume`,
        tone: 'paused',
      };
    case 'declined':
      return { sentence: `${doctor} declined the invite`, tone: 'off' };
    case 'ended':
      return {
        sentence: share.endedAt ? `Ended ${momentText(share.endedAt)}` : 'Ended',
        tone: 'off',
      };
  }
}

/** Ended and declined shares are kept below the others, for the record. */
export function isOver(share: Share): boolean {
  return share.status === 'ended' || share.status === 'declined';
}

export function linkStatusWords(link: ShareLink): LinkStatusWords {
  switch (link.status) {
    case 'active':
      return {
        label: 'Active',
        sentence: `Opens until ${formatTakenAt(link.expiresAt)}`,
        tone: 'on',
      };
    case 'expired':
      return {
        label: 'Expired',
        sentence: `Expired ${formatTakenAt(link.expiresAt)}`,
        tone: 'off',
      };
    case 'ended':
      return {
        label: 'Ended',
        sentence: link.endedAt ? `Ended ${formatTakenAt(link.endedAt)}` : 'Ended',
        tone: 'off',
      };
    case 'locked':
      return {
        label: 'Locked',
        sentence: `Locked after ${linkCodeAttempts} wrong codes: make a new link`,
        tone: 'off',
      };
  }
}

/** 'Not opened yet', 'Opened once', 'Opened 3 times'. */
export function opensText(opens: number): string {
  if (opens === 0) return 'Not opened yet';
  return opens === 1 ? 'Opened once' : `Opened ${opens} times`;
}
