import { describe, expect, it } from 'vitest';
import { instantOfWallTime, isTimeZone, nextDue, type Weekday } from './reminder-time.ts';

const everyDay: Weekday[] = [1, 2, 3, 4, 5, 6, 7];
const due = (timeZone: string, time: string, after: string, days: Weekday[] = everyDay) =>
  nextDue({ days, time, timeZone }, new Date(after)).toISOString();

describe('when a reminder is next due', () => {
  it('08:00 in Lagos is 07:00 UTC all year (no daylight saving)', () => {
    expect(due('Africa/Lagos', '08:00', '2027-01-10T00:00:00Z')).toBe('2027-01-10T07:00:00.000Z');
    expect(due('Africa/Lagos', '08:00', '2027-07-10T06:59:00Z')).toBe('2027-07-10T07:00:00.000Z');
    // Just after today's: tomorrow's.
    expect(due('Africa/Lagos', '08:00', '2027-07-10T07:00:00Z')).toBe('2027-07-11T07:00:00.000Z');
  });

  it('08:00 in London stays 08:00 on the wall across both clock changes of 2027', () => {
    // Clocks go forward at 01:00 UTC on Sunday 28 March 2027.
    expect(due('Europe/London', '08:00', '2027-03-27T09:00:00Z')).toBe('2027-03-28T07:00:00.000Z');
    expect(due('Europe/London', '08:00', '2027-03-26T09:00:00Z')).toBe('2027-03-27T08:00:00.000Z');
    // Clocks go back at 01:00 UTC on Sunday 31 October 2027.
    expect(due('Europe/London', '08:00', '2027-10-30T08:00:00Z')).toBe('2027-10-31T08:00:00.000Z');
    expect(due('Europe/London', '08:00', '2027-10-29T08:00:00Z')).toBe('2027-10-30T07:00:00.000Z');
  });

  it('in London, 01:30 on the night clocks go forward comes at 02:30, and on the night they go back at the first 01:30', () => {
    expect(due('Europe/London', '01:30', '2027-03-27T12:00:00Z')).toBe('2027-03-28T01:30:00.000Z');
    expect(due('Europe/London', '01:30', '2027-10-30T12:00:00Z')).toBe('2027-10-31T00:30:00.000Z');
    // And not a second time when the wall clock shows 01:30 again an hour later.
    expect(due('Europe/London', '01:30', '2027-10-31T00:30:00Z')).toBe('2027-11-01T01:30:00.000Z');
  });

  it('08:00 in New York moves from 13:00 to 12:00 UTC when daylight saving starts on 14 March 2027', () => {
    expect(due('America/New_York', '08:00', '2027-03-13T00:00:00Z')).toBe(
      '2027-03-13T13:00:00.000Z',
    );
    expect(due('America/New_York', '08:00', '2027-03-13T13:00:00Z')).toBe(
      '2027-03-14T12:00:00.000Z',
    );
    expect(due('America/New_York', '08:00', '2027-11-06T12:00:00Z')).toBe(
      '2027-11-07T13:00:00.000Z',
    );
  });

  it('keeps to the chosen weekdays, in the zone’s own calendar', () => {
    // Monday and Thursday at 07:30 in Lagos; 2027-01-11 is a Monday.
    expect(due('Africa/Lagos', '07:30', '2027-01-11T06:30:00Z', [1, 4])).toBe(
      '2027-01-14T06:30:00.000Z',
    );
    // 23:30 on Sunday 10 January in Lagos is already Monday in Tokyo: the zone decides the day.
    expect(due('Asia/Tokyo', '09:00', '2027-01-10T22:30:00Z', [1])).toBe(
      '2027-01-11T00:00:00.000Z',
    );
    // Only Sundays, asked on a Sunday after the time: a week on.
    expect(due('Africa/Lagos', '08:00', '2027-01-10T08:00:00Z', [7])).toBe(
      '2027-01-17T07:00:00.000Z',
    );
  });

  it('reads wall times back to instants in both directions of a change', () => {
    expect(
      new Date(instantOfWallTime(Date.UTC(2027, 2, 28, 1, 30), 'Europe/London')).toISOString(),
    ).toBe('2027-03-28T01:30:00.000Z');
    expect(
      new Date(instantOfWallTime(Date.UTC(2027, 6, 1, 12, 0), 'Europe/London')).toISOString(),
    ).toBe('2027-07-01T11:00:00.000Z');
  });

  it('knows the zones Node knows', () => {
    expect(isTimeZone('Africa/Lagos')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
