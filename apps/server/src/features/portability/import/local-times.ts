// Dates and times as devices and spreadsheets write them, read into instants: ISO 8601 (with or
// without an offset), 31/01/2026 and 01/31/2026 (the order chosen, or guessed from the rows),
// 2026/01/31, month names (31 Jan 2026, Jan 31, 2026), 24-hour or AM/PM times, a separate time
// column. A time written without an offset is in the person's time zone.

export type DateOrder = 'YMD' | 'DMY' | 'MDY';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const NUMERIC = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})(?:[ T,]+(.+))?$/;
const DAY_MONTH_NAME = /^(\d{1,2})[ -]([a-z]{3,9})\.?[ -,]+(\d{4})(?:[ T,]+(.+))?$/i;
const MONTH_NAME_DAY = /^([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})(?:[ T,]+(.+))?$/i;
const TIME = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A fixed offset from UTC written as a zone: '+01:00', '-05:30'. */
const FIXED_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

function fixedOffsetMs(zone: string): number | undefined {
  const match = FIXED_OFFSET.exec(zone);
  if (!match) return undefined;
  // Offsets in use run from -12:00 to +14:00, in quarter hours (+05:45, Nepal).
  const sign = match[1] === '-' ? -1 : 1;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (!['00', '15', '30', '45'].includes(match[3] ?? '')) return undefined;
  if (sign * minutes < -12 * 60 || sign * minutes > 14 * 60) return undefined;
  return sign * minutes * 60_000;
}

/**
 * The zone a row's own time zone cell names, as this module reads zones: an IANA name
 * (Africa/Lagos), UTC or Z, or an offset as devices write it (UTC+01:00, UTC+0100, GMT+1, +01:00,
 * +0100, -5). Undefined for anything else.
 */
export function zoneOfCell(text: string): string | undefined {
  const cell = text.trim();
  if (/^(?:utc|gmt|z)$/i.test(cell)) return 'UTC';
  // Hours alone (+1, -5), or two-digit hours with minutes (+01:00, +0100); a number of minutes
  // (+120) is not read as hours.
  const offset =
    /^(?:utc|gmt)?\s*([+-])(\d{1,2})$/i.exec(cell) ??
    /^(?:utc|gmt)?\s*([+-])(\d{2}):?(\d{2})$/i.exec(cell);
  if (offset) {
    const zone = `${offset[1]}${(offset[2] ?? '').padStart(2, '0')}:${offset[3] ?? '00'}`;
    return fixedOffsetMs(zone) === undefined ? undefined : zone;
  }
  return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(cell) && knownTimeZone(cell) ? cell : undefined;
}

/** True for a zone name the runtime's time zone database knows, or a fixed offset (+01:00). */
export function knownTimeZone(zone: string): boolean {
  if (fixedOffsetMs(zone) !== undefined) return true;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** How far the zone's clocks are ahead of UTC at an instant, in ms. */
function offsetAt(zone: string, instant: number): number {
  const fixed = fixedOffsetMs(zone);
  if (fixed !== undefined) return fixed;
  const part: Record<string, number> = {};
  for (const { type, value } of formatterOf(zone).formatToParts(new Date(instant))) {
    part[type] = Number(value);
  }
  const asUtc = Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a wall-clock time in the zone names (the earlier one when clocks go back). */
function instantOf(wall: WallTime, zone: string): number {
  const guess = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour,
    wall.minute,
    wall.second,
    wall.millisecond,
  );
  const first = guess - offsetAt(zone, guess);
  const second = guess - offsetAt(zone, first);
  return Math.min(first, second);
}

function validWall(wall: WallTime): boolean {
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  return (
    wall.month >= 1 &&
    wall.month <= 12 &&
    check.getUTCFullYear() === wall.year &&
    check.getUTCMonth() === wall.month - 1 &&
    check.getUTCDate() === wall.day &&
    wall.hour <= 23 &&
    wall.minute <= 59 &&
    wall.second <= 59
  );
}

function fullYear(text: string): number {
  const year = Number(text);
  if (text.length > 2) return year;
  // Two-digit years: this century unless that is ahead of today.
  const thisYear = new Date().getUTCFullYear();
  return 2000 + year > thisYear ? 1900 + year : 2000 + year;
}

function monthOf(name: string): number | undefined {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? undefined : index + 1;
}

/** A time of day: 09:30, 9:30:15, 9.30, 9:30 PM. */
export function timeOfDay(
  text: string,
): { hour: number; minute: number; second: number } | undefined {
  const match = TIME.exec(text.trim());
  if (!match) return undefined;
  let hour = Number(match[1]);
  const meridiem = match[4]?.toLowerCase().replaceAll('.', '');
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  const [minute, second] = [Number(match[2]), Number(match[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { hour, minute, second };
}

/** The day-first/month-first reading of a numeric date, for guessing the order. */
export function numericDateParts(text: string): [number, number] | undefined {
  const match = NUMERIC.exec(text.trim());
  if (!match || (match[1] ?? '').length > 2) return undefined;
  return [Number(match[1]), Number(match[2])];
}

export type When = { instant: string } | { problem: string };

/**
 * The instant a date cell (and a separate time cell) names; the time zone applies to times
 * written without an offset.
 */
export function readWhen(
  dateText: string,
  timeText: string | null,
  order: DateOrder,
  zone: string,
): When {
  const text = dateText.trim();
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  const bad = { problem: `time "${shown}" is not a date this import reads` };
  if (text === '') return { problem: 'the time is empty' };
  let wall: WallTime | undefined;
  let rest: string | undefined;
  const iso = ISO.exec(text);
  if (iso) {
    wall = {
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: Number(iso[3]),
      hour: Number(iso[4] ?? 0),
      minute: Number(iso[5] ?? 0),
      second: Number(iso[6] ?? 0),
      millisecond: Number((iso[7] ?? '0').padEnd(3, '0').slice(0, 3)),
    };
    if (!validWall(wall)) return bad;
    if (iso[4] === undefined) rest = undefined;
    else rest = '';
    const offset = iso[8];
    if (offset) {
      const utc = Date.UTC(
        wall.year,
        wall.month - 1,
        wall.day,
        wall.hour,
        wall.minute,
        wall.second,
        wall.millisecond,
      );
      const sign = offset.startsWith('-') ? -1 : 1;
      const digits =
        offset.toUpperCase() === 'Z' ? '0000' : offset.slice(1).replace(':', '').padEnd(4, '0');
      const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
      return { instant: new Date(utc - sign * minutes * 60_000).toISOString() };
    }
  } else {
    let year: number;
    let month: number | undefined;
    let day: number;
    const numeric = NUMERIC.exec(text);
    const dayName = DAY_MONTH_NAME.exec(text);
    const nameDay = MONTH_NAME_DAY.exec(text);
    if (numeric) {
      const [a, b, c] = [numeric[1] ?? '', numeric[2] ?? '', numeric[3] ?? ''];
      if (a.length === 4) [year, month, day] = [Number(a), Number(b), Number(c)];
      else if (order === 'MDY') [year, month, day] = [fullYear(c), Number(a), Number(b)];
      else [year, month, day] = [fullYear(c), Number(b), Number(a)];
      rest = numeric[4];
    } else if (dayName) {
      [year, month, day] = [Number(dayName[3]), monthOf(dayName[2] ?? ''), Number(dayName[1])];
      rest = dayName[4];
    } else if (nameDay) {
      [year, month, day] = [Number(nameDay[3]), monthOf(nameDay[1] ?? ''), Number(nameDay[2])];
      rest = nameDay[4];
    } else {
      return bad;
    }
    if (month === undefined) return bad;
    wall = { year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 };
    if (rest !== undefined) {
      const time = timeOfDay(rest);
      if (!time) return bad;
      Object.assign(wall, time);
      rest = '';
    }
  }
  if (timeText !== null) {
    const time = timeOfDay(timeText);
    if (!time) {
      const shownTime = timeText.trim().slice(0, 20);
      return {
        problem: `time of day "${shownTime}" is not a time this import reads (09:30, 9:30 PM)`,
      };
    }
    Object.assign(wall, time, { millisecond: 0 });
  } else if (rest === undefined) {
    return {
      problem: `time "${shown}" is a date without a time of day: choose the column with the time too`,
    };
  }
  if (!validWall(wall)) return bad;
  return { instant: new Date(instantOf(wall, zone)).toISOString() };
}
