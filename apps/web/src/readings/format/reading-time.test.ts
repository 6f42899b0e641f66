import { describe, expect, it } from 'vitest';
import { formatTakenAgo } from './reading-time';

const now = new Date('2026-01-15T12:00:00Z');

describe('formatTakenAgo', () => {
  it.each([
    ['2026-01-15T11:59:30Z', 'just now'],
    ['2026-01-15T11:55:00Z', '5 minutes ago'],
    ['2026-01-15T09:00:00Z', '3 hours ago'],
    ['2026-01-14T12:00:00Z', 'yesterday'],
    ['2026-01-01T12:00:00Z', '2 weeks ago'],
    ['2025-10-15T12:00:00Z', '3 months ago'],
  ])('%s is %s', (iso, words) => {
    expect(formatTakenAgo(iso, now)).toBe(words);
  });

  it('gives back what is not a date, as it came', () => {
    expect(formatTakenAgo('not a date', now)).toBe('not a date');
  });
});
