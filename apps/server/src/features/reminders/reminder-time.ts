// When a reminder is next due: a local time on chosen days of the week, in the person's own time
// zone, found with the time-zone data Node ships (Intl), so daylight-saving changes move the
// instant and never the wall time. Where the wall time does not exist (clocks jump forward over
// it), the reminder comes the same distance after the jump (01:30 becomes 02:30); where it exists
// twice (clocks go back), it comes at the first. Decision 0022.

const minute = 60_000;
const day = 24 * 60 * minute;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether Node knows this IANA time zone (e.g. 'Africa/Lagos'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone as Node names it: 'africa/lagos' is kept as 'Africa/Lagos'. */
export function canonicalTimeZone(timeZone: string): string {
  return formatterFor(timeZone).resolvedOptions().timeZone;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC, to the minute. */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  return wallClock(instant, timeZone) - Math.floor(instant / minute) * minute;
}

/**
 * The instant at which `timeZone`'s clocks show `wall` (a wall time written as if UTC). The
 * offsets a day before and after are the only candidates, as no zone changes twice in two days.
 */
export function instantOfWallTime(wall: number, timeZone: string): number {
  const before = offsetAt(wall - day, timeZone);
  const after = offsetAt(wall + day, timeZone);
  const shown = [wall - before, wall - after].filter(
    (candidate) => wallClock(candidate, timeZone) === wall,
  );
  // Twice (clocks went back): the first. Never (clocks jumped): as the clock before the jump
  // would have counted, which lands after the jump.
  return shown.length > 0 ? Math.min(...shown) : wall - before;
}

/** ISO weekdays: 1 Monday ... 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface ReminderSchedule {
  days: readonly Weekday[];
  /** 'HH:MM', 24-hour. */
  time: string;
  timeZone: string;
}

/** The first instant after `after` at which the schedule is due. */
export function nextDue(schedule: ReminderSchedule, after: Date): Date {
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  const today = wallClock(after.getTime(), schedule.timeZone);
  const startOfToday = today - (today % day);
  // Eight days: today's time may have passed, and the same weekday comes again in seven.
  for (let ahead = 0; ahead <= 8; ahead += 1) {
    const date = startOfToday + ahead * day;
    const weekday = (((new Date(date).getUTCDay() + 6) % 7) + 1) as Weekday;
    if (!schedule.days.includes(weekday)) continue;
    const due = instantOfWallTime(date + hours * 3600_000 + minutes * minute, schedule.timeZone);
    if (due > after.getTime()) return new Date(due);
  }
  throw new Error('a reminder schedule needs at least one day');
}
