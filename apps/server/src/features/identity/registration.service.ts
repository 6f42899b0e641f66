// Registration in two steps (docs/decisions/0051-registration-confirmed-by-mail.md): the address
// and a password hash wait in pending_registrations until the link mailed to the address is
// opened; only then is the account made, its address already confirmed. Until then nothing
// exists that sign-in, a reset or another registration could tell apart from no account at all.
import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pendingRegistrations, users } from '../../db/schema/identity.table.ts';
import type { UserRow } from './account.repository.ts';
import { hashToken } from './session.service.ts';

/** How long a registration's link works: a day, like the verification link of a changed address. */
export const registrationLinkLifetimeMs = 24 * 60 * 60 * 1000;

export type Confirmation =
  | { outcome: 'created'; account: UserRow }
  | { outcome: 'taken'; username: string }
  | { outcome: 'invalid' };

export class RegistrationService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /**
   * Keeps the registration and answers the token for its link. Registering the same address again
   * replaces the password and the link: the earlier link stops working, so whoever holds the
   * mailbox decides which password the account starts with.
   */
  async hold(username: string, passwordHash: string): Promise<{ token: string; until: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock();
    const until = new Date(now.getTime() + registrationLinkLifetimeMs);
    const row = { passwordHash, tokenHash: hashToken(token), createdAt: now, expiresAt: until };
    await this.db
      .insert(pendingRegistrations)
      .values({ username, ...row })
      .onConflictDoUpdate({ target: pendingRegistrations.username, set: row });
    return { token, until };
  }

  /**
   * Uses the link up and makes the account, in one transaction: a link opened twice makes one
   * account, and a link of an address that got an account meanwhile (LinkedIn, another link)
   * makes none.
   */
  async confirm(token: string): Promise<Confirmation> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [pending] = await tx
        .delete(pendingRegistrations)
        .where(
          and(
            eq(pendingRegistrations.tokenHash, hashToken(token)),
            gt(pendingRegistrations.expiresAt, now),
          ),
        )
        .returning();
      if (!pending) return { outcome: 'invalid' } as const;
      const [account] = await tx
        .insert(users)
        .values({
          username: pending.username,
          emailAddress: pending.username,
          passwordHash: pending.passwordHash,
          role: 'USER',
          emailVerifiedAt: now,
        })
        .onConflictDoNothing({ target: users.username })
        .returning();
      return account
        ? ({ outcome: 'created', account } as const)
        : ({ outcome: 'taken', username: pending.username } as const);
    });
  }
}
