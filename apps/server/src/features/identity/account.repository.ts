import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Profile, ProfileUpdateRequest, Role } from '@vitalia/api/identity.contract';
import { profilePicturePrefix, unitsOrDefaults } from '@vitalia/api/identity.contract';
import type { Database } from '../../db/database.ts';
import { socialIdentities, users } from '../../db/schema/identity.table.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export type UserRow = typeof users.$inferSelect;

/** Sign-in names are email addresses, compared without regard to case or surrounding spaces. */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function toProfile(row: UserRow): Profile {
  return {
    userID: row.id,
    username: row.username,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNo: row.phoneNo,
    emailAddress: row.emailAddress,
    displayname: row.displayName,
    gender: row.gender,
    dob: row.dob,
    heightMM: row.heightMm,
    country: row.country,
    displayPicture: row.picture ? `${profilePicturePrefix}${row.picture}` : null,
    emailVerified: row.emailVerifiedAt !== null,
    twoFactorEnabled: row.totpEnabledAt !== null,
    units: unitsOrDefaults({
      sugar: row.sugarUnit,
      cholesterol: row.cholesterolUnit,
      temperature: row.temperatureUnit,
    }),
    unitsChosen: {
      sugar: row.sugarUnit !== null,
      cholesterol: row.cholesterolUnit !== null,
      temperature: row.temperatureUnit !== null,
    },
  };
}

/** The wire names of a profile update, mapped to columns; fields left out stay as they are. */
function profileColumns(update: ProfileUpdateRequest): Partial<UserRow> {
  const columns: Partial<UserRow> = {};
  const text = (value: string | null | undefined) => (value === '' ? null : value);
  if (update.FirstName !== undefined) columns.firstName = text(update.FirstName) ?? null;
  if (update.LastName !== undefined) columns.lastName = text(update.LastName) ?? null;
  if (update.PhoneNo !== undefined) columns.phoneNo = text(update.PhoneNo) ?? null;
  if (update.EmailAddress !== undefined) {
    columns.emailAddress = text(update.EmailAddress)?.toLowerCase() ?? null;
  }
  if (update.Displayname !== undefined) columns.displayName = text(update.Displayname) ?? null;
  if (update.Gender !== undefined) columns.gender = update.Gender;
  if (update.DOB !== undefined) columns.dob = update.DOB;
  if (update.HeightMM !== undefined) columns.heightMm = update.HeightMM;
  if (update.Country !== undefined) columns.country = text(update.Country) ?? null;
  const units = update.Units;
  if (units?.Sugar !== undefined) columns.sugarUnit = units.Sugar;
  if (units?.Cholesterol !== undefined) columns.cholesterolUnit = units.Cholesterol;
  if (units?.Temperature !== undefined) columns.temperatureUnit = units.Temperature;
  return columns;
}

export class AccountRepository {
  constructor(private readonly db: Database) {}

  async byUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(users.username, normaliseUsername(username)));
    return row;
  }

  async byId(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** The new account, or undefined when the username is taken. */
  async insert(values: {
    username: string;
    passwordHash: string;
    role: Role;
  }): Promise<UserRow | undefined> {
    const username = normaliseUsername(values.username);
    const [row] = await this.db
      .insert(users)
      .values({ ...values, username, emailAddress: username })
      .onConflictDoNothing({ target: users.username })
      .returning();
    return row;
  }

  async updateProfile(id: string, update: ProfileUpdateRequest): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...profileColumns(update), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  async markEmailVerified(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async setRole(id: string, role: Role): Promise<void> {
    await this.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** Replaces the picture's file name and answers the one it replaced. */
  async setPicture(
    id: string,
    picture: string,
  ): Promise<{ previous: string | null; row: UserRow }> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ picture: users.picture })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      const [row] = await tx
        .update(users)
        .set({ picture, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error('account vanished while its picture was replaced');
      return { previous: before?.picture ?? null, row };
    });
  }

  async bySocialIdentity(provider: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(socialIdentities)
      .innerJoin(users, eq(users.id, socialIdentities.userId))
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
    return row?.user;
  }

  /** A new account made through a social provider, with no password; undefined if the name is taken. */
  async insertSocial(values: {
    provider: string;
    subject: string;
    username: string;
    emailVerified: boolean;
    firstName: string | undefined;
    lastName: string | undefined;
  }): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const username = normaliseUsername(values.username);
      const [row] = await tx
        .insert(users)
        .values({
          username,
          emailAddress: username,
          role: 'USER',
          socialProvider: values.provider,
          emailVerifiedAt: values.emailVerified ? new Date() : null,
          firstName: values.firstName ?? null,
          lastName: values.lastName ?? null,
        })
        .onConflictDoNothing({ target: users.username })
        .returning();
      if (!row) return undefined;
      await tx
        .insert(socialIdentities)
        .values({ provider: values.provider, subject: values.subject, userId: row.id });
      return row;
    });
  }

  /**
   * Connects a provider's subject to an existing account. 'linked' when it now signs in to this
   * account (or already did); 'taken' when it signs in to another; 'other-subject' when this
   * account is already connected to a different person at the same provider.
   */
  async linkSocial(
    userId: string,
    provider: string,
    subject: string,
  ): Promise<'linked' | 'taken' | 'other-subject'> {
    try {
      return await this.db.transaction(async (tx) => {
        const existing = await tx
          .select()
          .from(socialIdentities)
          .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.provider, provider)));
        if (existing.some((identity) => identity.subject !== subject)) return 'other-subject';
        const [made] = await tx
          .insert(socialIdentities)
          .values({ provider, subject, userId })
          .onConflictDoNothing({ target: [socialIdentities.provider, socialIdentities.subject] })
          .returning();
        if (made) return 'linked';
        const [holder] = await tx
          .select({ userId: socialIdentities.userId })
          .from(socialIdentities)
          .where(
            and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)),
          );
        return holder?.userId === userId ? 'linked' : 'taken';
      });
    } catch (error) {
      // Two connections of one account at once: the unique index on (user, provider) lets one in.
      if (isUniqueViolation(error)) return 'other-subject';
      throw error;
    }
  }

  /** Disconnects a provider; true when there was a connection to remove. */
  async unlinkSocial(userId: string, provider: string): Promise<boolean> {
    const removed = await this.db
      .delete(socialIdentities)
      .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.provider, provider)))
      .returning({ subject: socialIdentities.subject });
    return removed.length > 0;
  }

  /** The providers connected to an account. */
  /** Removes every provider linked to the account; answers the providers removed. */
  async unlinkAllSocial(userId: string): Promise<string[]> {
    const removed = await this.db
      .delete(socialIdentities)
      .where(eq(socialIdentities.userId, userId))
      .returning({ provider: socialIdentities.provider });
    return [...new Set(removed.map((row) => row.provider))];
  }

  async socialProvidersOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ provider: socialIdentities.provider })
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, userId));
    return rows.map((row) => row.provider);
  }

  async thirdPartyUsers(): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(isNotNull(users.socialProvider))
      .orderBy(desc(users.createdAt));
  }

  async thirdPartyUserCount(): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(users)
      .where(isNotNull(users.socialProvider));
    return row?.value ?? 0;
  }
}
