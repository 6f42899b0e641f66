// Single-use links sent by mail: email verification (24 hours) and password reset (30 minutes).
// The token travels only in the mail; the database keeps its SHA-256 hash.
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { emailTokens } from '../../db/schema/identity.table.ts';
import { hashToken } from './session.service.ts';

export type LinkPurpose = 'verify_email' | 'reset_password';

export const linkLifetimesMs: Record<LinkPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

/** A link's mail is worth sending only while its link works. */
export const whileLinkWorks = (purpose: LinkPurpose) =>
  new Date(Date.now() + linkLifetimesMs[purpose]);

export class EmailLinkService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /** A new token for the account. Earlier unused links of the same purpose stop working. */
  async issue(userId: string, purpose: LinkPurpose): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
          ),
        );
      await tx.insert(emailTokens).values({
        tokenHash: hashToken(token),
        userId,
        purpose,
        createdAt: now,
        expiresAt: new Date(now.getTime() + linkLifetimesMs[purpose]),
      });
    });
    return token;
  }

  /**
   * Uses the token up and answers whose it was, or undefined when it is unknown, used, expired or
   * of another purpose. One conditional UPDATE, so a link works once even when clicked twice.
   */
  async consume(token: string, purpose: LinkPurpose, userId?: string): Promise<string | undefined> {
    const now = this.clock();
    const conditions = [
      eq(emailTokens.tokenHash, hashToken(token)),
      eq(emailTokens.purpose, purpose),
      isNull(emailTokens.usedAt),
      gt(emailTokens.expiresAt, now),
    ];
    if (userId) conditions.push(eq(emailTokens.userId, userId));
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(...conditions))
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  }
}
