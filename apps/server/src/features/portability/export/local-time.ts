// Instants written with an offset (ISO 8601): in UTC with 'Z', or in the person's own time zone
// with that zone's offset at that instant (+01:00; daylight saving moves it), so a spreadsheet shows
// the time of day the person saw. Milliseconds are written only when there are some.
import { badRequest, fieldProblem } from '../../../plugins/errors.ts';

export type InstantWriter = (at: Date) => string;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function fraction(at: Date): string {
  const ms = at.getUTCMilliseconds();
  return ms === 0 ? '' : `.${pad(ms, 3)}`;
}

/** 2026-01-31T08:30:00Z */
export const utcInstant: InstantWriter = (at) => `${at.toISOString().slice(0, 19)}${fraction(at)}Z`;

/** True for a zone name the runtime's time zone database knows (IANA names, and UTC). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The writer for the `timeZone` query parameter: UTC when it is left out, the zone's local time
 * and offset otherwise. An unknown zone answers 400 rather than quietly writing UTC.
 */
export function instantWriter(timeZone: string | undefined): InstantWriter {
  if (timeZone === undefined || timeZone === '') return utcInstant;
  if (!isKnownTimeZone(timeZone)) {
    throw badRequest(
      fieldProblem(
        'timeZone',
        `"${timeZone}" is not a time zone this server knows. Send an IANA name such as Africa/Lagos or Europe/London, or leave it out for UTC.`,
        { in: 'query' },
      ),
    );
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  });
  return (at) => {
    const part: Record<string, string> = {};
    for (const { type, value } of parts.formatToParts(at)) part[type] = value;
    // longOffset reads 'GMT+01:00', or 'GMT' for an offset of zero.
    const offset = (part.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
    const year = (part.year ?? '').padStart(4, '0');
    return `${year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${fraction(at)}${offset}`;
  };
}

/** The calendar day of an instant in the zone (UTC when none), for the archive's name. */
export function dayIn(at: Date, timeZone: string | undefined): string {
  return instantWriter(timeZone)(at).slice(0, 10);
}
