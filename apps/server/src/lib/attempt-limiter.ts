// Counts failed attempts per key in fixed windows, in the database so that every server process
// sees the same counts. A key over its limit is refused until its window ends; the window never
// grows, so nobody can keep an account shut for longer than one window by failing on purpose.
// A paced rule refuses nothing outright: past its free attempts, each attempt must wait a delay
// that doubles up to a cap (docs/decisions/0009-passwords-and-attempt-limits.md, amendment
// 2026-11-29).
import crypto from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * A rule that slows attempts down instead of refusing them for a window: `freeAttempts` in a
 * window of `windowSeconds` go through at once; after the n-th attempt over them, the next waits
 * `firstDelaySeconds * 2^(n-1)` seconds, at most `maxDelaySeconds`.
 */
export interface PacedRule {
  key: string;
  freeAttempts: number;
  windowSeconds: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
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

  /**
   * Counts an attempt against a paced rule when its delay has passed, in one statement, and
   * answers undefined; while the delay runs, counts nothing and answers the seconds left. Attempts
   * sent together are taken one at a time: each one taken closes the gate for the next. `now` is
   * the server's clock, so tests move time on instead of waiting.
   */
  async pace(rule: PacedRule, now: Date): Promise<number | undefined> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000);
    const expired = sql`${attemptCounters.windowEndsAt} <= ${at}`;
    const hits = sql`(case when ${expired} then 1 else ${attemptCounters.hits} + 1 end)`;
    // The exponent is capped before it is raised, so a long run of attempts cannot overflow.
    const gateAfter = (count: SQL) =>
      sql`(case when ${count} > ${rule.freeAttempts}::int then ${at} + make_interval(secs => least(${rule.firstDelaySeconds}::float8 * power(2, least(${count} - ${rule.freeAttempts}::int - 1, 30)), ${rule.maxDelaySeconds}::float8)) end)`;
    const gate = gateAfter(hits);
    const firstGate = gateAfter(sql`1`);
    const [taken] = await this.db
      .insert(attemptCounters)
      .values({
        key: rule.key,
        hits: 1,
        windowEndsAt: sql`greatest(${windowEnd.toISOString()}::timestamptz, ${firstGate})`,
        blockedUntil: firstGate,
      })
      .onConflictDoUpdate({
        target: attemptCounters.key,
        set: {
          hits,
          // A row outlives its gate, so the housekeeping sweep never deletes a gate still shut.
          windowEndsAt: sql`greatest(case when ${expired} then ${windowEnd.toISOString()}::timestamptz else ${attemptCounters.windowEndsAt} end, ${gate})`,
          blockedUntil: gate,
        },
        setWhere: sql`${attemptCounters.blockedUntil} is null or ${attemptCounters.blockedUntil} <= ${at}`,
      })
      .returning({ hits: attemptCounters.hits });
    if (taken) return undefined;
    const [row] = await this.db
      .select({ blockedUntil: attemptCounters.blockedUntil })
      .from(attemptCounters)
      .where(eq(attemptCounters.key, rule.key));
    const left = (row?.blockedUntil?.getTime() ?? now.getTime()) - now.getTime();
    return Math.max(1, Math.ceil(left / 1000));
  }

  /** Hands back an attempt counted by `reserve` or `pace` that turned out right. */
  async refund(rules: Array<Pick<AttemptRule, 'key'>>): Promise<void> {
    for (const rule of rules) {
      await this.db
        .update(attemptCounters)
        .set({ hits: sql`greatest(${attemptCounters.hits} - 1, 0)` })
        .where(eq(attemptCounters.key, rule.key));
    }
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
