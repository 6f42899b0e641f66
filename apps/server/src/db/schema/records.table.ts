import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.table.ts';

/**
 * One health reading as a person (or a device) recorded it, in canonical units
 * (docs/decisions/0007-health-readings-api.md). Values are kept as the text that was accepted, so
 * a mood and a number share a column; the interpreter parses them.
 */
export const healthRecords = pgTable(
  'health_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    tagValue: text('tag_value').notNull(),
    minTag: text('min_tag'),
    minTagValue: text('min_tag_value'),
    narration: text('narration'),
    device: text('device'),
    report: text('report'),
    /** The person's own note on the reading. */
    note: text('note'),
    /** A BMI's weight in kg, as text in canonical form like the values. */
    weight: text('weight'),
    directFromDevice: boolean('direct_from_device').notNull().default(false),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    // A blood sugar typed in mmol/L: what was typed, shown back as typed (tag_value holds the
    // mg/dL equivalent it is rated as; docs/clinical-reference.md).
    enteredValue: text('entered_value'),
    enteredUnit: text('entered_unit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The newest reading of a tag, and a tag's history, without scanning other people's rows.
    index('health_records_user_tag_taken_idx').on(
      table.userId,
      table.tag,
      sql`${table.takenAt} desc`,
      sql`${table.id} desc`,
    ),
    // A person's whole history, paged by (taken_at, id).
    index('health_records_user_taken_idx').on(
      table.userId,
      sql`${table.takenAt} desc`,
      sql`${table.id} desc`,
    ),
  ],
);
