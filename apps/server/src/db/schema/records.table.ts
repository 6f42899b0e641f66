import { timeOrderedId } from '../time-ordered-id.ts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.table.ts';

/**
 * One health reading as a person (or a device) recorded it, in canonical units
 * (docs/decisions/0007-health-readings-api.md). Values are kept as the text that was accepted, so
 * a mood and a number share a column; the interpreter parses them.
 */
export const healthRecords = pgTable(
  'health_records',
  {
    // Made in the order received (time-ordered-id.ts), so that readings taken at the same moment
    // list in the order they arrived; the database's random default stays for older rows.
    id: uuid('id')
      .primaryKey()
      .defaultRandom()
      .$defaultFn(() => timeOrderedId()),
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
    // Where an imported reading came from: the file's name as the person chose it, and its format
    // (vitalia-csv, csv, fhir-bundle, fhir-ndjson); both null for a reading typed or sent by an
    // app (docs/decisions/0031-importing-readings.md).
    importedFrom: text('imported_from'),
    importFormat: text('import_format'),
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

/**
 * The answers to readings recorded with an Idempotency-Key (docs/decisions/0033-idempotent-readings.md):
 * written in the transaction that stores the reading, so a key is kept exactly when its reading
 * is. The key is the person's own: another person's same key is another row. Housekeeping removes
 * keys a day old; deleting the account removes them with it.
 */
export const readingIdempotencyKeys = pgTable(
  'reading_idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256, in hex, of the reading as it is stored (normalised), so ' 97.0 ' and 97 agree. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    /** The answer's body, sent again as it was when the key comes back. */
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The unique key is what makes two requests with one key store one reading: the second
    // insert waits for the first transaction and then finds the key taken.
    primaryKey({ columns: [table.userId, table.key] }),
    // Housekeeping's purge of keys older than a day.
    index('reading_idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * The measures a person chose to follow on My Health (docs/decisions/0047-chosen-measures.md): the
 * score counts them even before their first reading and after their reading grows old. One row
 * per measure, so following one from a phone and another from a laptop never overwrite each other.
 */
export const followedMeasures = pgTable(
  'followed_measures',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measure: text('measure').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.measure] })],
);
