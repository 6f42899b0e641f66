// Times of day on the 24-hour clock, everywhere Vitalia shows or takes one: '08:00', '19:30',
// never '8:00 AM' (docs/decisions/0053-one-voice-and-visible-focus.md). A browser's own time
// input follows the browser's language, which put 'AM' beside the rest of the app's 24-hour
// times, so the reminder form takes the time as text through readClockTime.

/** The options that make an Intl.DateTimeFormat show a time of day as '08:00'. */
const clockTimeOptions = {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** '08:00': the time of day of `at` on the 24-hour clock, in `timeZone` (the browser's if none). */
export function clockTime(at: Date, timeZone?: string): string {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { ...clockTimeOptions, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(at);
}

/**
 * A time of day as a person types it, as 'HH:MM' on the 24-hour clock: '8:00', '08.00', '0800',
 * '800' and '8' are '08:00'; '19:30' and '1930' are '19:30'. A phone's number pad has no colon,
 * hence the forms without one. Null for anything else, 'AM' and 'PM' included, and for '24:00'
 * or '07:60', so the form says what it wants rather than guess.
 */
export function readClockTime(typed: string): string | null {
  const text = typed.trim();
  const parts =
    /^(\d{1,2})(?:[:.h\s](\d{2}))?$/.exec(text) ?? /^(\d{1,2})(\d{2})$/.exec(text) ?? null;
  if (!parts) return null;
  const hours = Number(parts[1]);
  const minutes = Number(parts[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
