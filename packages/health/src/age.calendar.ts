// Age in whole years on a given day, as the pulse chart needs it. Dates are calendar days, not
// instants: a date of birth has no time zone, and a birthday is reached at the start of the day.

export interface CalendarDate {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  readonly day: number;
}

// 'YYYY-MM-DD', optionally followed by an ISO 8601 time and offset ('T08:30:00.000Z',
// ' 08:30+01:00'). Matched by pattern rather than Date.parse, whose leniency differs by browser.
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const MAX_DATE_TEXT_LENGTH = 40;

/**
 * The calendar day a value names, or null when it names none. Text is read as written (the date
 * part of an ISO timestamp is the day where it was taken, offset included); a Date object is read
 * in UTC, the zone in which `new Date('1990-05-17')` and JSON timestamps are created.
 */
export function calendarDate(input: unknown): CalendarDate | null {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) return null;
    return {
      year: input.getUTCFullYear(),
      month: input.getUTCMonth() + 1,
      day: input.getUTCDate(),
    };
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text.length > MAX_DATE_TEXT_LENGTH) return null;
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Whole years from `dob` to `on`; null when either is not a date or `on` is before the birth.
 * A birthday counts once its month and day are reached, so someone born on 29 February turns a
 * year older on 1 March in common years (the rule UK law uses).
 */
export function ageInYears(dob: unknown, on: unknown): number | null {
  const birth = calendarDate(dob);
  const day = calendarDate(on);
  return birth === null || day === null ? null : ageOn(birth, day);
}

/** Whole years from one calendar day to another, as ageInYears counts them. */
export function ageOn(birth: CalendarDate, day: CalendarDate): number | null {
  const birthdayReached =
    day.month > birth.month || (day.month === birth.month && day.day >= birth.day);
  const age = day.year - birth.year - (birthdayReached ? 0 : 1);
  return age >= 0 ? age : null;
}

/** A date as text or a Date, handed on for calendarDate to judge; null for anything else. */
export function calendarText(value: unknown): string | Date | null {
  return typeof value === 'string' || value instanceof Date ? value : null;
}
