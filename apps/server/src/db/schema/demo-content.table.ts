import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per demo-content step already loaded, so a step never runs twice on one database. */
export const demoContentLoads = pgTable('demo_content_loads', {
  name: text('name').primaryKey(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
