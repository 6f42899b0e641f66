import { describe, expect, it } from 'vitest';
import { AppError } from '../../../plugins/errors.ts';
import { dayIn, instantWriter, utcInstant } from './local-time.ts';

describe('instants with an offset', () => {
  const at = new Date('2026-07-01T23:30:05Z');

  it('writes UTC with Z, and milliseconds only when there are some', () => {
    expect(utcInstant(at)).toBe('2026-07-01T23:30:05Z');
    expect(utcInstant(new Date('2026-07-01T23:30:05.042Z'))).toBe('2026-07-01T23:30:05.042Z');
  });

  it("writes the zone's local time and its offset on that day", () => {
    expect(instantWriter('Africa/Lagos')(at)).toBe('2026-07-02T00:30:05+01:00');
    expect(instantWriter('Europe/London')(new Date('2026-01-15T12:00:00Z'))).toBe(
      '2026-01-15T12:00:00+00:00',
    );
    expect(instantWriter('America/St_Johns')(at)).toBe('2026-07-01T21:00:05-02:30');
    expect(Date.parse(instantWriter('Asia/Kolkata')(at))).toBe(at.getTime());
  });

  it('names the day in the zone', () => {
    expect(dayIn(at, undefined)).toBe('2026-07-01');
    expect(dayIn(at, 'Africa/Lagos')).toBe('2026-07-02');
  });

  it('refuses a zone it does not know, saying what to send', () => {
    expect(() => instantWriter('Mars/Olympus')).toThrow(AppError);
    expect(() => instantWriter('Mars/Olympus')).toThrow(/not a time zone this server knows/);
  });
});
