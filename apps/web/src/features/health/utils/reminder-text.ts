import { weekdayNames, type Reminder } from '@vitalia/api/reminders.contract';
import { clockTime } from '../../../lib/clock-time';

/** 'Every day', 'Weekdays', 'Weekends', or 'Mon, Wed and Fri'. */
export function reminderDaysText(days: readonly number[]): string {
  const sorted = [...days].sort();
  const key = sorted.join('');
  if (key === '1234567') return 'Every day';
  if (key === '12345') return 'Weekdays';
  if (key === '67') return 'Weekends';
  const names = sorted.map((day) => weekdayNames[day as keyof typeof weekdayNames].slice(0, 3));
  return names.length === 1
    ? `${weekdayNames[sorted[0] as keyof typeof weekdayNames]}s`
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** 'Weekdays at 08:00'. */
export function reminderText(reminder: Pick<Reminder, 'days' | 'time'>): string {
  return `${reminderDaysText(reminder.days)} at ${reminder.time}`;
}

/** 'Tue 25 Nov, 08:00', on the reminder's own clock (24-hour, src/lib/clock-time.ts). */
export function nextReminderText(reminder: Pick<Reminder, 'nextDueAt' | 'timeZone'>): string {
  const at = new Date(reminder.nextDueAt);
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: reminder.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(at);
  return `${day}, ${clockTime(at, reminder.timeZone)}`;
}
