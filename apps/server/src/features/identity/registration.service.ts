// Registration in two steps (docs/decisions/0051-registration-confirmed-by-mail.md): the address
// waits in pending_registrations until a link mailed to it is opened and a password chosen on its
// page; only then is the account made, its address already confirmed. Until then nothing exists
// that sign-in, a reset or another registration could tell apart from no account at all.
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
   * A new link for the address, and the token it carries. Earlier links of the address keep
   * working: a registration asked for by someone else cannot stop the owner's own link.
   */
  async hold(username: string): Promise<{ token: string; until: Date }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock();
    const until = new Date(now.getTime() + registrationLinkLifetimeMs);
    await this.db
      .insert(pendingRegistrations)
      .values({ tokenHash: hashToken(token), username, createdAt: now, expiresAt: until });
    return { token, until };
  }

  /** The address of a link that still works, without using it up; undefined otherwise. */
  async addressOf(token: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ username: pendingRegistrations.username })
      .from(pendingRegistrations)
      .where(
        and(
          eq(pendingRegistrations.tokenHash, hashToken(token)),
          gt(pendingRegistrations.expiresAt, this.clock()),
        ),
      );
    return row?.username;
  }

  /**
   * Uses the link up and makes the account with the password chosen on its page, in one
   * transaction: a link opened twice makes one account, and a link of an address that got an
   * account meanwhile (LinkedIn, another link) makes none. The address's other links go with it.
   */
  async confirm(token: string, passwordHash: string): Promise<Confirmation> {
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
          passwordHash,
          role: 'USER',
          emailVerifiedAt: now,
        })
        .onConflictDoNothing({ target: users.username })
        .returning();
      if (!account) return { outcome: 'taken', username: pending.username } as const;
      await tx
        .delete(pendingRegistrations)
        .where(eq(pendingRegistrations.username, pending.username));
      return { outcome: 'created', account } as const;
    });
  }
}
