import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.table.ts';

/**
 * A person's share with a doctor (docs/decisions/0029-care-sharing.md). The invite names the
 * doctor by email, so an invite to an address with no DOC account yet waits for one; `doctorId`
 * is set when the doctor accepts. `measures` null shares every measure.
 */
export const careShares = pgTable(
  'care_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorEmail: text('doctor_email').notNull(),
    // A doctor account's removal ends its shares: the row stays for the person's record.
    doctorId: uuid('doctor_id').references(() => users.id, { onDelete: 'set null' }),
    measures: text('measures').array(),
    includeAssessment: boolean('include_assessment').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }),
    untilAt: timestamp('until_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The doctor's first and last look: the first sends the person a mail. */
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (table) => [
    index('care_shares_patient_idx').on(table.patientId, sql`${table.createdAt} desc`),
    index('care_shares_doctor_idx')
      .on(table.doctorId)
      .where(sql`${table.doctorId} is not null`),
    index('care_shares_doctor_email_idx')
      .on(table.doctorEmail)
      .where(sql`${table.acceptedAt} is null`),
  ],
);

/**
 * A read-only link for a clinician without an account. Only the SHA-256 of its token is kept;
 * its code is kept as the SHA-256 of token and code together, so the table alone cannot be used
 * to try codes.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash'),
    label: text('label').notNull(),
    measures: text('measures').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    wrongCodes: integer('wrong_codes').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    opens: integer('opens').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
  },
  (table) => [index('share_links_patient_idx').on(table.patientId, sql`${table.createdAt} desc`)],
);

/**
 * Every look at a person's data by a doctor or through a link, and every change to a share or
 * link. Written by the server alone: no call updates or deletes a row. `who` is kept as it was at
 * the time (a doctor's name may change later).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').references(() => careShares.id, { onDelete: 'set null' }),
    linkId: uuid('link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    who: text('who').notNull(),
    action: text('action').notNull(),
    what: text('what'),
    client: text('client'),
    address: text('address'),
  },
  (table) => [index('access_log_patient_idx').on(table.patientId, sql`${table.id} desc`)],
);
