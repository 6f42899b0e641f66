import { describe, expect, it } from 'vitest';
import { nextReminderText, reminderText } from './reminder-text';

describe('a reminder in words', () => {
  it('says its days and its time on the 24-hour clock', () => {
    expect(reminderText({ days: [1, 2, 3, 4, 5], time: '19:30' })).toBe('Weekdays at 19:30');
    expect(reminderText({ days: [1, 3, 5], time: '08:00' })).toBe('Mon, Wed and Fri at 08:00');
  });

  it('says when it is next due on its own clock, without AM or PM', () => {
    // 19:05 UTC is 20:05 in Lagos.
    expect(
      nextReminderText({ nextDueAt: '2026-11-25T19:05:00.000Z', timeZone: 'Africa/Lagos' }),
    ).toBe('Wed 25 Nov, 20:05');
    expect(nextReminderText({ nextDueAt: '2026-11-30T07:00:00.000Z', timeZone: 'UTC' })).toBe(
      'Mon 30 Nov, 07:00',
    );
  });
});
