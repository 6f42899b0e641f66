import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A person's account and profile. `username` is the sign-in email, stored lower-case; the
 * password hash is null for accounts made through a social provider.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['USER', 'DOC', 'ADMIN'] })
      .notNull()
      .default('USER'),
    socialProvider: text('social_provider'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNo: text('phone_no'),
    emailAddress: text('email_address'),
    displayName: text('display_name'),
    gender: text('gender', { enum: ['Male', 'Female', 'Other'] }),
    dob: date('dob', { mode: 'string' }),
    heightMm: integer('height_mm'),
    country: text('country'),
    picture: text('picture'),
    /**
     * The units the person reads these measures in, on every device and in every mail
     * (docs/decisions/0050-one-unit-choice-per-account.md); null until chosen, shown as the
     * canonical unit (mg/dL, °C).
     */
    sugarUnit: text('sugar_unit', { enum: ['mg/dL', 'mmol/L'] }),
    cholesterolUnit: text('cholesterol_unit', { enum: ['mg/dL', 'mmol/L'] }),
    temperatureUnit: text('temperature_unit', { enum: ['°C', '°F'] }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The TOTP key, encrypted (AES-256-GCM); set once two-factor sign-in is switched on. */
    totpSecret: text('totp_secret'),
    /** A key offered by setup and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a step is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * Set when the owner asks for the account to be deleted
     * (docs/decisions/0032-account-deletion.md): it is signed out everywhere and can only be
     * restored until `purge_after`, when the purge job removes it.
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
    /**
     * What the purge job's data names instead of the account: a random key that means nothing
     * once the account is gone, so the finished job names nobody.
     */
    purgeKey: uuid('purge_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_key').on(table.username),
    index('users_social_provider_idx')
      .on(table.socialProvider)
      .where(sql`${table.socialProvider} is not null`),
    // The housekeeping sweep looks for purges that are overdue.
    index('users_purge_after_idx')
      .on(table.purgeAfter)
      .where(sql`${table.purgeAfter} is not null`),
  ],
);

/**
 * One signed-in session (a refresh-token family). Access tokens name their session, so revoking
 * it ends them at once, not only when they expire.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    // The OAuth client that first refreshed the session; only it may refresh it again (RFC 6749
    // section 6). Null until the first refresh: sign-in itself names no client.
    clientId: text('client_id'),
    // What the owner's list of sessions shows: the browser or app, from where and when it was last
    // used (updated at sign-in and at each refresh, so to within one access token's life).
    userAgent: text('user_agent'),
    lastIp: text('last_ip'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Refresh tokens, stored only as SHA-256 hashes. A used one is kept to detect its reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_session_id_idx').on(table.sessionId)],
);

/** Single-use links sent by mail (email verification, password reset), stored as hashes. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_tokens_user_id_idx').on(table.userId)],
);

/** One-time recovery codes for two-factor sign-in, stored as hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * The password step of a two-factor sign-in, waiting for its code. The browser holds the secret in
 * an HttpOnly cookie; only its hash is here. A few attempts, a few minutes, one session.
 */
export const mfaChallenges = pgTable('mfa_challenges', {
  secretHash: text('secret_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * An account's sign-in through a social provider, keyed by the provider's subject: the email a
 * provider reports can change or be reused, the subject cannot.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    // One connection per provider per account: connecting a second LinkedIn person is refused.
    uniqueIndex('social_identities_user_provider_idx').on(table.userId, table.provider),
  ],
);

/**
 * Devices that have signed in to an account with its password: the nonce of each one's device
 * cookie, stored as a SHA-256 hash, at most a handful per account (newest kept). A sign-in that
 * presents one is limited on its own, never by others' failures
 * (docs/decisions/0009-passwords-and-attempt-limits.md, amendment 2026-11-29).
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_devices_user_id_idx').on(table.userId)],
);

/**
 * Registrations waiting for their address to be confirmed: no account exists until a link mailed
 * to the address is opened and a password chosen there, so registering answers the same for a
 * taken address and a new one, and whoever asked for the link cannot choose the password
 * (docs/decisions/0051-registration-confirmed-by-mail.md). One row per link, keyed by the SHA-256
 * hash of its token; an address may have several, each working once.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    tokenHash: text('token_hash').primaryKey(),
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('pending_registrations_username_idx').on(table.username),
    index('pending_registrations_expires_at_idx').on(table.expiresAt),
  ],
);
