// Dates and times as devices and spreadsheets write them, read into instants.
import { describe, expect, it } from 'vitest';
import { readWhen, timeOfDay } from './local-times.ts';

const at = (date: string, time: string | null, order: 'DMY' | 'MDY' | 'YMD', zone: string) => {
  const when = readWhen(date, time, order, zone);
  return 'instant' in when ? when.instant : when.problem;
};

describe('reading the time of a row', () => {
  it('keeps an offset that is written, and puts a time without one in the zone', () => {
    expect(at('2026-01-31T09:30:00+01:00', null, 'DMY', 'UTC')).toBe('2026-01-31T08:30:00.000Z');
    expect(at('2026-01-31T09:30:00.250Z', null, 'DMY', 'Africa/Lagos')).toBe(
      '2026-01-31T09:30:00.250Z',
    );
    expect(at('2026-01-31 09:30', null, 'DMY', 'Africa/Lagos')).toBe('2026-01-31T08:30:00.000Z');
    expect(at('2026-01-31T09:30', null, 'DMY', 'UTC')).toBe('2026-01-31T09:30:00.000Z');
  });

  it('reads day-first and month-first dates as told, with a separate time column', () => {
    expect(at('03/04/2026', '07:45', 'DMY', 'UTC')).toBe('2026-04-03T07:45:00.000Z');
    expect(at('03/04/2026', '07:45', 'MDY', 'UTC')).toBe('2026-03-04T07:45:00.000Z');
    expect(at('2026/04/03 7:45', null, 'MDY', 'UTC')).toBe('2026-04-03T07:45:00.000Z');
    expect(at('03.04.26 19.05', null, 'DMY', 'UTC')).toBe('2026-04-03T19:05:00.000Z');
  });

  it('reads month names and AM/PM', () => {
    expect(at('31 Jan 2026 9:30 PM', null, 'MDY', 'UTC')).toBe('2026-01-31T21:30:00.000Z');
    expect(at('Jan 31, 2026 12:05 AM', null, 'DMY', 'UTC')).toBe('2026-01-31T00:05:00.000Z');
    expect(timeOfDay('12:00 pm')).toEqual({ hour: 12, minute: 0, second: 0 });
    expect(timeOfDay('13:00 pm')).toBeUndefined();
  });

  it('follows daylight saving in the zone', () => {
    // London is on GMT in January and on BST (UTC+1) in July.
    expect(at('15/01/2026', '09:00', 'DMY', 'Europe/London')).toBe('2026-01-15T09:00:00.000Z');
    expect(at('15/07/2026', '09:00', 'DMY', 'Europe/London')).toBe('2026-07-15T08:00:00.000Z');
    expect(at('2026-03-08 09:00', null, 'DMY', 'America/New_York')).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it('says why a time cannot be read', () => {
    expect(at('31/02/2026', '09:00', 'DMY', 'UTC')).toBe(
      'time "31/02/2026" is not a date this import reads',
    );
    expect(at('13/13/2026', '09:00', 'DMY', 'UTC')).toBe(
      'time "13/13/2026" is not a date this import reads',
    );
    expect(at('31/01/2026', null, 'DMY', 'UTC')).toBe(
      'time "31/01/2026" is a date without a time of day: choose the column with the time too',
    );
    expect(at('31/01/2026', '25:00', 'DMY', 'UTC')).toBe(
      'time of day "25:00" is not a time this import reads (09:30, 9:30 PM)',
    );
    expect(at('=NOW()', null, 'DMY', 'UTC')).toBe('time "=NOW()" is not a date this import reads');
    expect(at('', null, 'DMY', 'UTC')).toBe('the time is empty');
  });
});
