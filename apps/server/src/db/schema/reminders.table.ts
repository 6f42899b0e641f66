import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.table.ts';

/**
 * A person’s reminder to measure one measure: a local time on chosen weekdays in their own time
 * zone (decision 0022). `next_due_at` is the instant it is next due, worked out when it is set and
 * each time it comes due; `previous_due_at` the one before (sent or skipped), since which a reading
 * of the measure makes the next one unnecessary.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measure: text('measure').notNull(),
    /** ISO weekdays as bits: Monday is 1, Tuesday 2, Wednesday 4 ... Sunday 64. */
    days: integer('days').notNull(),
    /** 'HH:MM', 24-hour, on the person's wall clock. */
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    previousDueAt: timestamp('previous_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('reminders_user_measure_key').on(table.userId, table.measure),
    // The minutely scan reads only what is due.
    index('reminders_next_due_idx').on(table.nextDueAt),
  ],
);

/**
 * A person's weekly summary by mail, opted in (decision 0022): due on Mondays at 08:00 in their
 * time zone, about the week before it.
 */
export const weeklySummaries = pgTable(
  'weekly_summaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    previousDueAt: timestamp('previous_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('weekly_summaries_user_key').on(table.userId),
    index('weekly_summaries_next_due_idx').on(table.nextDueAt),
  ],
);
