import { describe, expect, it } from 'vitest';
import { clockTime, readClockTime } from './clock-time';

describe('clockTime', () => {
  it('shows a time of day on the 24-hour clock, without AM or PM', () => {
    const morning = new Date('2026-11-30T08:05:00Z');
    const evening = new Date('2026-11-30T19:30:00Z');
    expect(clockTime(morning, 'UTC')).toBe('08:05');
    expect(clockTime(evening, 'UTC')).toBe('19:30');
    expect(clockTime(new Date('2026-11-30T00:00:00Z'), 'UTC')).toBe('00:00');
    // In the zone asked for: Lagos is an hour ahead of UTC.
    expect(clockTime(evening, 'Africa/Lagos')).toBe('20:30');
    expect(clockTime(evening)).toMatch(/^\d{2}:\d{2}$/);
  });
});

describe('readClockTime', () => {
  it.each([
    ['08:00', '08:00'],
    ['8:00', '08:00'],
    ['8.00', '08:00'],
    ['0800', '08:00'],
    ['800', '08:00'],
    ['8', '08:00'],
    [' 19:30 ', '19:30'],
    ['1930', '19:30'],
    ['19h30', '19:30'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
  ])('reads %j as %j', (typed, time) => {
    expect(readClockTime(typed)).toBe(time);
  });

  it.each(['', '8:00 AM', '8pm', '24:00', '07:60', '7:5', '12345', 'noon', '-1:00'])(
    'refuses %j rather than guess',
    (typed) => {
      expect(readClockTime(typed)).toBeNull();
    },
  );
});
