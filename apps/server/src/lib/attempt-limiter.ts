// Counts failed attempts per key in fixed windows, in the database so that every server process
// sees the same counts. A key over its limit is refused until its window ends; the window never
// grows, so nobody can keep an account shut for longer than one window by failing on purpose.
import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { attemptCounters } from '../db/schema/rate-limit.table.ts';
import { AppError } from '../plugins/errors.ts';

/** A stable, non-reversible key part, so counters never hold an email address. */
export function keyOf(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

export interface AttemptRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

export class AttemptLimiter {
  constructor(private readonly db: Database) {}

  /** Seconds until the first of these rules that is over its limit lets attempts in again. */
  async retryAfter(rules: AttemptRule[]): Promise<number | undefined> {
    let longest: number | undefined;
    for (const rule of rules) {
      const [row] = await this.db
        .select()
        .from(attemptCounters)
        .where(eq(attemptCounters.key, rule.key));
      if (!row || row.hits < rule.limit) continue;
      const seconds = Math.ceil((row.windowEndsAt.getTime() - Date.now()) / 1000);
      if (seconds > 0) longest = Math.max(longest ?? 0, seconds);
    }
    return longest;
  }

  /** Throws a 429 with Retry-After when any rule is over its limit. */
  async assertAllowed(rules: AttemptRule[], what: string): Promise<void> {
    const seconds = await this.retryAfter(rules);
    if (seconds !== undefined) throw tooMany(what, seconds);
  }

  /**
   * Counts this attempt before it is judged, and throws a 429 when that takes any rule over its
   * limit. Guesses sent all at once are each counted before any of them is checked, so a burst
   * gets no more tries than a patient guesser. An attempt that turns out right is handed back
   * with `refund`.
   */
  async reserve(rules: AttemptRule[], what: string): Promise<void> {
    const counts = await this.countAttempt(rules);
    const over = rules.filter((rule, index) => (counts[index] ?? 0) > rule.limit);
    if (over.length === 0) return;
    throw tooMany(what, (await this.retryAfter(over)) ?? 1);
  }

  /** Hands back an attempt counted by `reserve` that turned out right. */
  async refund(rules: AttemptRule[]): Promise<void> {
    for (const rule of rules) {
      await this.db
        .update(attemptCounters)
        .set({ hits: sql`greatest(${attemptCounters.hits} - 1, 0)` })
        .where(eq(attemptCounters.key, rule.key));
    }
  }

  /** Remembers a key for a while, for facts such as 'this address has signed in to this account'. */
  async remember(key: string, seconds: number): Promise<void> {
    const until = sql`now() + make_interval(secs => ${seconds})`;
    await this.db
      .insert(attemptCounters)
      .values({ key, hits: 1, windowEndsAt: until })
      .onConflictDoUpdate({ target: attemptCounters.key, set: { hits: 1, windowEndsAt: until } });
  }

  async remembers(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: attemptCounters.key })
      .from(attemptCounters)
      .where(and(eq(attemptCounters.key, key), gt(attemptCounters.windowEndsAt, sql`now()`)));
    return row !== undefined;
  }

  /**
   * Counts one attempt and says in the same statement whether it was within every rule's limit,
   * so that attempts arriving together cannot all pass a check made before any of them counted.
   */
  async take(rules: AttemptRule[]): Promise<boolean> {
    const counts = await this.countAttempt(rules);
    return rules.every((rule, index) => (counts[index] ?? 0) <= rule.limit);
  }

  /**
   * Counts one attempt against every rule, starting a new window where the old one ended, and
   * answers each rule's count in its window including this attempt.
   */
  async countAttempt(rules: AttemptRule[]): Promise<number[]> {
    const counts: number[] = [];
    for (const rule of rules) {
      const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
      const [row] = await this.db
        .insert(attemptCounters)
        .values({ key: rule.key, hits: 1, windowEndsAt: windowEnd })
        .onConflictDoUpdate({
          target: attemptCounters.key,
          set: {
            hits: sql`case when ${attemptCounters.windowEndsAt} <= now() then 1 else ${attemptCounters.hits} + 1 end`,
            windowEndsAt: sql`case when ${attemptCounters.windowEndsAt} <= now() then ${windowEnd} else ${attemptCounters.windowEndsAt} end`,
          },
        })
        .returning({ hits: attemptCounters.hits });
      counts.push(row?.hits ?? 0);
    }
    return counts;
  }

  async clear(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.db.delete(attemptCounters).where(eq(attemptCounters.key, key));
    }
  }
}

function tooMany(what: string, seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { 'retry-after': String(seconds) },
  );
}
