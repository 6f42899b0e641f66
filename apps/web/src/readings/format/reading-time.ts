// Times of readings as people read them: 'yesterday' beside a value, the full date and time on
// hover and in tables. Shared by My Health and the dashboard.

const absolute = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

/** '3 May 2026, 08:30' in the browser's time zone. */
export function formatTakenAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : absolute.format(date);
}

const steps: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 months ago'. */
export function formatTakenAgo(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return iso;
  if (Math.abs(seconds) < 60) return 'just now';
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An urgent reading raises the emergency banner for 24 hours after it was taken; after that it
 * says how old it is and asks for a new reading (docs/clinical-reference.md, 'Urgency'). A reading
 * with no readable time is treated as current: a banner too many is safer than one too few.
 */
export function urgentBannerCurrent(takenAt: string | null | undefined, now = Date.now()): boolean {
  const taken = takenAt ? Date.parse(takenAt) : Number.NaN;
  return Number.isNaN(taken) || now - taken <= DAY_MS;
}

/** Whole days since a reading was taken, at least 1: 'This reading is 3 days old'. */
export function daysOld(takenAt: string, now = Date.now()): number {
  return Math.max(1, Math.floor((now - Date.parse(takenAt)) / DAY_MS));
}
