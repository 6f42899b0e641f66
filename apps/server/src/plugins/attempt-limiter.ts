// Counts failed attempts per key in fixed windows, in the database so that every server process
// sees the same counts. A key over its limit is refused until its window ends; the window never
// grows, so nobody can keep an account shut for longer than one window by failing on purpose.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { attemptCounters } from '../db/schema/rate-limit.table.ts';
import { AppError } from './errors.ts';

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
    if (seconds === undefined) return;
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { 'retry-after': String(seconds) },
    );
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
