import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of failed attempts (sign-ins, codes, reset requests) in fixed windows. Kept in the
 * database so that every server process sees the same counts. `blocked_until` is for rules that
 * slow attempts down instead of shutting them out (docs/decisions/0009-passwords-and-attempt-limits.md,
 * amendment 2026-11-29): no attempt is taken before it.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
