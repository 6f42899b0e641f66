// Deleting an account (docs/decisions/0032-account-deletion.md). Asking marks the account and, in
// the same transaction, signs it out everywhere, ends its shares and links, stops its reminders,
// queues the first mail and queues the purge as a job due when the grace ends. Restoring clears
// the mark. The purge removes the account row (everything else the person owns goes with it by
// cascade), the pictures on disk, the counters and queued mail that name them, and keeps the
// orders with the person's details replaced.
import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, like, lte, or, sql } from 'drizzle-orm';
import { deletionPendingCode } from '@vitalia/api/identity.contract';
import type { Database } from '../../db/database.ts';
import { emailTokens, mfaChallenges, sessions, users } from '../../db/schema/identity.table.ts';
import { attemptCounters } from '../../db/schema/rate-limit.table.ts';
import { reminders, weeklySummaries } from '../../db/schema/reminders.table.ts';
import { careShares, shareLinks } from '../../db/schema/sharing.table.ts';
import { orders } from '../../db/schema/store.table.ts';
import { keyOf } from '../../lib/attempt-limiter.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { utcDayAndTime } from '../../lib/utc-time.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** What the purge job holds: a random key, never the account's id or address. */
export interface PurgeJob {
  key: string;
}

/** The answer to signing in (or registering) to an account that waits to be deleted. */
export function deletionPending(
  purgeAfter: Date | null,
  how = 'Restore it to sign in: everything is kept until then.',
): AppError {
  const when = purgeAfter ? ` on ${utcDayAndTime(purgeAfter)}` : '';
  return new AppError(
    409,
    deletionPendingCode,
    `This account is waiting to be deleted${when}. ${how}`,
  );
}

/** What LinkedIn sign-in says: restoring takes the password, which such an account may not have. */
export const restoreWithoutLinkedin =
  'To restore it, sign in with your email address and password; if the account has no password, choose "Forgot your password?" to set one first.';

export const lastAdmin = () =>
  new AppError(
    409,
    'LAST_ADMIN',
    'You are the only administrator, so your account cannot be deleted: make another administrator first (npm run user:create), then delete this one.',
  );

export type DeletionOutcome = { outcome: 'marked'; purgeAfter: Date } | { outcome: 'last-admin' };

export interface PurgeResult {
  purged: boolean;
  orders: number;
  mails: number;
}

export class AccountDeletionService {
  constructor(
    private readonly options: {
      db: Database;
      jobs: JobQueue;
      mailer: Mailer;
      pictures: FileStore;
      graceSeconds: number;
    },
  ) {}

  /**
   * Marks the account for deletion and does, in one transaction, everything that must stop at
   * once. The caller has checked the person's password or code.
   */
  async request(userId: string, now: Date): Promise<DeletionOutcome> {
    const { db, jobs, mailer, graceSeconds } = this.options;
    const purgeAfter = new Date(now.getTime() + graceSeconds * 1000);
    const purgeKey = crypto.randomUUID();
    return db.transaction(async (tx) => {
      // Every live administrator is locked, so two of the last two deleting at once cannot both
      // pass: the second sees the first already marked.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), isNull(users.deletionRequestedAt)))
        .for('update');
      const [account] = await tx
        .select({ id: users.id, role: users.role, username: users.username })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!account) throw new Error('account vanished while its deletion was asked for');
      if (account.role === 'ADMIN' && admins.length <= 1) return { outcome: 'last-admin' };

      await tx
        .update(users)
        .set({ deletionRequestedAt: now, purgeAfter, purgeKey, updatedAt: now })
        .where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'account deletion' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
      await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
      // A doctor must lose access now, not in a week; and a doctor leaving ends the shares too.
      await tx
        .update(careShares)
        .set({ endedAt: now })
        .where(
          and(
            or(eq(careShares.patientId, userId), eq(careShares.doctorId, userId)),
            isNull(careShares.endedAt),
          ),
        );
      await tx
        .update(shareLinks)
        .set({ endedAt: now })
        .where(and(eq(shareLinks.patientId, userId), isNull(shareLinks.endedAt)));
      await tx.delete(reminders).where(eq(reminders.userId, userId));
      await tx.delete(weeklySummaries).where(eq(weeklySummaries.userId, userId));
      const txDb = tx as unknown as Database;
      await mailer.sendWithin(txDb, {
        to: account.username,
        template: 'deletion-started',
        values: { purgeAfter },
      });
      await jobs.send('account-purge', { key: purgeKey } satisfies PurgeJob, {
        startAfter: purgeAfter,
        within: txDb,
      });
      return { outcome: 'marked', purgeAfter };
    });
  }

  /** Clears the mark: the queued purge then finds nothing to do. False if there was none. */
  async restore(userId: string, now: Date): Promise<boolean> {
    const restored = await this.options.db
      .update(users)
      .set({ deletionRequestedAt: null, purgeAfter: null, purgeKey: null, updatedAt: now })
      .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt)))
      .returning({ id: users.id });
    return restored.length === 1;
  }

  /** The job's way in: the account whose purge key this is, if it is still due. */
  async purgeByKey(key: string, now: Date): Promise<PurgeResult> {
    const [account] = await this.options.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.purgeKey, key), lte(users.purgeAfter, now)));
    if (!account) return { purged: false, orders: 0, mails: 0 };
    return this.purge(account.id, now);
  }

  /**
   * The hourly backstop (housekeeping): every account whose grace has ended and that is still
   * here is purged, and the sent last mails are forgotten. Answers how many accounts went.
   */
  async sweep(now: Date): Promise<{ accounts: number; finishedMails: number }> {
    const due = await this.options.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.deletionRequestedAt), lte(users.purgeAfter, now)));
    let accounts = 0;
    for (const { id } of due) {
      if ((await this.purge(id, now)).purged) accounts += 1;
    }
    return { accounts, finishedMails: await this.options.mailer.forgetSent('account-deleted') };
  }

  /**
   * Removes the account and what names the person; safe to run twice, and a no-op for an
   * account that is no longer marked (restored) or no longer there (purged).
   */
  async purge(userId: string, now: Date): Promise<PurgeResult> {
    const { db, pictures, mailer } = this.options;
    const [before] = await db
      .select({ picture: users.picture })
      .from(users)
      .where(
        and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), lte(users.purgeAfter, now)),
      );
    if (!before) return { purged: false, orders: 0, mails: 0 };
    // The file first: if the transaction below fails, the purge runs again and finds the row.
    if (before.picture) await pictures.remove(before.picture);

    return db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            isNotNull(users.deletionRequestedAt),
            lte(users.purgeAfter, now),
          ),
        )
        .for('update');
      if (!account) return { purged: false, orders: 0, mails: 0 };
      const addresses = [
        ...new Set([account.username, account.emailAddress].filter((a): a is string => !!a)),
      ];

      const kept = await tx
        .update(orders)
        .set({
          userId: null,
          firstName: 'Deleted',
          surname: 'account',
          phone: 'removed',
          email: 'removed@deleted-account.invalid',
          address: sql`case when ${orders.address} is null then null else 'removed' end`,
          city: sql`case when ${orders.city} is null then null else 'removed' end`,
          state: sql`case when ${orders.state} is null then null else 'removed' end`,
          landmark: null,
          secondPhone: null,
          // The key the person's app chose and the hash of the request (name, phone and address
          // in it, reproducible from a guess) go too: the order is answered to nobody again.
          idempotencyKey: sql`'removed:' || ${orders.id}::text`,
          requestHash: 'removed',
          updatedAt: now,
        })
        .where(eq(orders.userId, userId))
        .returning({ id: orders.id });
      // An administrator who recorded payments: the id would stay on other people's orders.
      await tx
        .update(orders)
        .set({ paidRecordedBy: null })
        .where(eq(orders.paidRecordedBy, userId));
      // Invitations to this address as a doctor, on other people's accounts.
      await tx
        .update(careShares)
        .set({ doctorEmail: 'removed@deleted-account.invalid', endedAt: now })
        .where(inArray(careShares.doctorEmail, addresses));

      // Counters are keyed by the account's id or a hash of its address (lib/attempt-limiter.ts).
      const counterParts = [userId, ...addresses.map((address) => keyOf(address))];
      await tx
        .delete(attemptCounters)
        .where(or(...counterParts.map((part) => like(attemptCounters.key, `%${part}%`))));

      // Everything else the person owns goes by cascade: profile, readings, assessment,
      // sessions and tokens, recovery codes, social identities, shares, links, their access log,
      // reminders.
      await tx.delete(users).where(eq(users.id, userId));

      const txDb = tx as unknown as Database;
      const mails = await mailer.forgetMailTo(txDb, addresses, now);
      await mailer.sendWithin(txDb, {
        to: account.username,
        template: 'account-deleted',
        values: {},
      });
      return { purged: true, orders: kept.length, mails };
    });
  }
}
