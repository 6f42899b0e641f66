import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of failed attempts (sign-ins, codes, reset requests) in fixed windows. Kept in the
 * database so that every server process sees the same counts.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
