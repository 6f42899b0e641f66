// Reminders to measure (decision 0022): per measure, a local time on chosen weekdays in the
// person's own time zone. The web form and the server check them with these same schemas.
import { MEASURE_IDS } from '@vitalia/health/measure.catalog';
import { z } from './zod.ts';

export const remindersPaths = {
  list: '/api/v1/reminders',
  one: '/api/v1/reminders/:measure',
  weeklySummary: '/api/v1/reminders/weekly-summary',
  /** Where a reminder mail's unsubscribe link and List-Unsubscribe header point (RFC 8058). */
  unsubscribe: '/api/v1/reminders/unsubscribe/:token',
} as const;

/** The web page a reminder mail's 'Stop these reminders' link opens. */
export const unsubscribePagePrefix = '/reminders/stop/';

export function reminderPath(measure: string): string {
  return remindersPaths.one.replace(':measure', encodeURIComponent(measure));
}

/** ISO weekdays: 1 is Monday, 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdayNames = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
} as const;

export const reminderMeasure = z.enum(MEASURE_IDS, {
  error: `must be one of ${MEASURE_IDS.join(', ')}`,
});

export const reminderParams = z.strictObject({ measure: reminderMeasure });

const weekday = z
  .number({ error: 'must be a weekday from 1 (Monday) to 7 (Sunday)' })
  .int('must be a weekday from 1 (Monday) to 7 (Sunday)')
  .min(1, 'must be a weekday from 1 (Monday) to 7 (Sunday)')
  .max(7, 'must be a weekday from 1 (Monday) to 7 (Sunday)');

export const reminderInput = z
  .strictObject({
    days: z
      .array(weekday, { error: 'must be a list of weekdays, 1 (Monday) to 7 (Sunday)' })
      .min(1, 'choose at least one day')
      .max(7, 'must name each weekday at most once')
      .refine((days) => new Set(days).size === days.length, 'must not name a day twice'),
    time: z
      .string({ error: 'is required' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM, such as 08:00'),
    timeZone: z
      .string({ error: 'is required' })
      .max(64, 'must be a time zone such as Africa/Lagos or Europe/London')
      .refine(isKnownTimeZone, 'must be a time zone such as Africa/Lagos or Europe/London'),
  })
  .meta({
    id: 'ReminderRequest',
    example: { days: [1, 3, 5], time: '08:00', timeZone: 'Africa/Lagos' },
  });
export type ReminderInput = z.infer<typeof reminderInput>;

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const reminder = z
  .object({
    measure: reminderMeasure,
    days: z.array(z.number().int()),
    time: z.string(),
    timeZone: z.string(),
    nextDueAt: z.iso.datetime({ offset: true }).meta({ description: 'When it is next due.' }),
  })
  .meta({ id: 'Reminder' });
export type Reminder = z.infer<typeof reminder>;

export const reminderList = z.object({ items: z.array(reminder) }).meta({ id: 'ReminderList' });

export const unsubscribeParams = z.strictObject({
  token: z.string().min(1).max(200).meta({ description: 'From the reminder mail.' }),
});

export const unsubscribeAnswer = z
  .object({
    message: z.string(),
    measure: reminderMeasure
      .nullable()
      .meta({ description: 'The measure whose reminder stopped; null for the weekly summary.' }),
    stopped: z.enum(['reminder', 'weekly summary']).nullable().meta({
      description: 'What the link stopped; null when it was already stopped.',
    }),
  })
  .meta({ id: 'UnsubscribeAnswer' });

export const weeklySummaryInput = z
  .strictObject({
    timeZone: z
      .string({ error: 'is required' })
      .max(64, 'must be a time zone such as Africa/Lagos or Europe/London')
      .refine(isKnownTimeZone, 'must be a time zone such as Africa/Lagos or Europe/London'),
  })
  .meta({ id: 'WeeklySummaryRequest', example: { timeZone: 'Africa/Lagos' } });
export type WeeklySummaryInput = z.infer<typeof weeklySummaryInput>;

export const weeklySummary = z
  .object({
    enabled: z.boolean(),
    timeZone: z.string().nullable(),
    nextDueAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: 'The next summary: Mondays at 08:00 in timeZone.' }),
  })
  .meta({ id: 'WeeklySummary' });
export type WeeklySummary = z.infer<typeof weeklySummary>;
