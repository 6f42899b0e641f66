// Reminders to measure (docs/decisions/0022-reminders.md): set, listed and removed by their owner;
// sent by a job that runs every minute on the queue, once across all server processes
// (jobs/background-work.ts). A reminder whose measure was recorded since the previous one is
// skipped. Each mail carries a link that stops it without signing in (mail/templates/reminder.ts).
import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { MeasureId } from '@vitalia/health/measure.catalog';
import { unitsOrDefaults } from '@vitalia/api/identity.contract';
import { MEASURE_TAGS } from '@vitalia/api/records.contract';
import {
  type Reminder,
  type ReminderInput,
  type WeeklySummary,
} from '@vitalia/api/reminders.contract';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/identity.table.ts';
import { reminders, weeklySummaries } from '../../db/schema/reminders.table.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordedSince } from '../../readings/readings.queries.ts';
import { canonicalTimeZone, nextDue, type Weekday } from './reminder-time.ts';
import { weekOf } from './weekly-summary.ts';

type ReminderRow = typeof reminders.$inferSelect;

/**
 * A reminder found more than this late (the server was down) is skipped rather than sent: a
 * morning reminder that arrives in the evening helps nobody. The next one is due as usual.
 */
export const lateLimitMs = 2 * 3600_000;
const batchSize = 100;

export const daysToBits = (days: readonly number[]) =>
  days.reduce((bits, day) => bits | (1 << (day - 1)), 0);
export const bitsToDays = (bits: number): Weekday[] =>
  ([1, 2, 3, 4, 5, 6, 7] as const).filter((day) => bits & (1 << (day - 1)));

export function toReminder(row: ReminderRow): Reminder {
  return {
    measure: row.measure as MeasureId,
    days: bitsToDays(row.days),
    time: row.time,
    timeZone: row.timeZone,
    nextDueAt: row.nextDueAt.toISOString(),
  };
}

/** Signs reminder ids, so a mail's unsubscribe link works without signing in and only for it. */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(signingSecret: string) {
    this.key = Buffer.from(
      crypto.hkdfSync('sha256', signingSecret, 'vitalia', 'reminder unsubscribe', 32),
    );
  }

  private mac(id: string): string {
    return crypto.createHmac('sha256', this.key).update(id).digest('base64url');
  }

  issue(reminderId: string): string {
    return `${reminderId}.${this.mac(reminderId)}`;
  }

  /** The reminder id a token was issued for, or undefined for anything else. */
  read(token: string): string | undefined {
    const [, id, mac] = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
    if (!id || !mac) return undefined;
    const expected = Buffer.from(this.mac(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
      ? id
      : undefined;
  }
}

export class RemindersService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /**
   * Reminders and summaries go only to an address its owner has confirmed: otherwise anyone could
   * sign up with someone else's address and have mail sent to them every day.
   */
  async assertAddressConfirmed(userId: string): Promise<void> {
    const [user] = await this.db
      .select({ confirmed: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.confirmed) {
      throw new AppError(
        409,
        'EMAIL_NOT_CONFIRMED',
        'Confirm your email address first: reminders are sent to it. Open the link we mailed you, or ask for a new one on My Health’s banner.',
      );
    }
  }

  async list(userId: string): Promise<Reminder[]> {
    const rows = await this.db
      .select()
      .from(reminders)
      .where(eq(reminders.userId, userId))
      .orderBy(asc(reminders.nextDueAt));
    return rows.map(toReminder);
  }

  /** Sets (or replaces) the reminder of one measure; the next one counts readings from now. */
  async set(userId: string, measure: MeasureId, input: ReminderInput): Promise<Reminder> {
    await this.assertAddressConfirmed(userId);
    const now = this.clock();
    const values = {
      days: daysToBits(input.days),
      time: input.time,
      timeZone: canonicalTimeZone(input.timeZone),
      nextDueAt: nextDue(
        { ...input, timeZone: canonicalTimeZone(input.timeZone), days: input.days as Weekday[] },
        now,
      ),
      previousDueAt: null,
      updatedAt: now,
    };
    const [row] = await this.db
      .insert(reminders)
      .values({ userId, measure, ...values, createdAt: now })
      .onConflictDoUpdate({ target: [reminders.userId, reminders.measure], set: values })
      .returning();
    return toReminder(row!);
  }

  async remove(userId: string, measure: MeasureId): Promise<boolean> {
    const removed = await this.db
      .delete(reminders)
      .where(and(eq(reminders.userId, userId), eq(reminders.measure, measure)))
      .returning({ id: reminders.id });
    return removed.length > 0;
  }

  /**
   * Stops what a mail's token names: a reminder (answers its measure) or the weekly summary
   * (answers 'summary'); null when it is already gone.
   */
  async unsubscribe(id: string): Promise<MeasureId | 'summary' | null> {
    const [removed] = await this.db
      .delete(reminders)
      .where(eq(reminders.id, id))
      .returning({ measure: reminders.measure });
    if (removed) return removed.measure as MeasureId;
    const [summary] = await this.db
      .delete(weeklySummaries)
      .where(eq(weeklySummaries.id, id))
      .returning({ id: weeklySummaries.id });
    return summary ? 'summary' : null;
  }

  async weeklySummary(userId: string): Promise<WeeklySummary> {
    const [row] = await this.db
      .select()
      .from(weeklySummaries)
      .where(eq(weeklySummaries.userId, userId));
    return row
      ? { enabled: true, timeZone: row.timeZone, nextDueAt: row.nextDueAt.toISOString() }
      : { enabled: false, timeZone: null, nextDueAt: null };
  }

  /** Turns the weekly summary on, in this time zone: Mondays at 08:00, about the week before. */
  async enableWeeklySummary(userId: string, timeZone: string): Promise<WeeklySummary> {
    await this.assertAddressConfirmed(userId);
    const now = this.clock();
    const zone = canonicalTimeZone(timeZone);
    const values = {
      timeZone: zone,
      nextDueAt: nextDue({ ...summarySchedule, timeZone: zone }, now),
    };
    await this.db
      .insert(weeklySummaries)
      .values({ userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: weeklySummaries.userId, set: values });
    return this.weeklySummary(userId);
  }

  async disableWeeklySummary(userId: string): Promise<void> {
    await this.db.delete(weeklySummaries).where(eq(weeklySummaries.userId, userId));
  }
}

/** Mondays at 08:00 on the person's clock. */
export const summarySchedule = { days: [1] as Weekday[], time: '08:00' };
/** A summary a day late is still worth reading; later than that, the next week's comes. */
const summaryLateLimitMs = 24 * 3600_000;

export interface DueReminderCounts {
  sent: number;
  /** Weekly summaries mailed. */
  summaries: number;
  /** Recorded since the previous reminder. */
  recorded: number;
  /** Found more than lateLimitMs after it was due. */
  late: number;
}

/** The runs of the reminders' jobs, as of a time. */
export interface ReminderRuns {
  /** Reminders due at `now`; `summaries` stays 0. */
  sendDueReminders(now: Date): Promise<DueReminderCounts>;
  /** Weekly summaries due at `now`: how many were mailed. */
  sendDueSummaries(now: Date): Promise<number>;
}

interface RunDependencies {
  db: Database;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
}

export function reminderRuns(dependencies: RunDependencies): ReminderRuns {
  return {
    sendDueReminders: (now) => sendDueReminders(dependencies, now),
    sendDueSummaries: (now) => sendDueSummaries(dependencies, now),
  };
}

/**
 * Sends every reminder due at `now`, in batches. Each batch is one transaction: the reminders are
 * locked (another process skips them), their next time is set, and their mails are stored on the
 * queue with them, so a reminder is mailed once or, if the transaction fails, not moved on at all.
 */
async function sendDueReminders(
  { db, mailer, tokens }: RunDependencies,
  now: Date,
): Promise<DueReminderCounts> {
  const counts: DueReminderCounts = { sent: 0, summaries: 0, recorded: 0, late: 0 };
  await inBatches(db, async (tx) => {
    const due = await tx
      .select({ reminder: reminders, to: users.username })
      .from(reminders)
      .innerJoin(users, eq(users.id, reminders.userId))
      .where(and(lte(reminders.nextDueAt, now), isNotNull(users.emailVerifiedAt)))
      .orderBy(asc(reminders.nextDueAt))
      .limit(batchSize)
      .for('update', { of: reminders, skipLocked: true });
    for (const { reminder, to } of due) {
      const since = reminder.previousDueAt ?? reminder.updatedAt;
      const recorded = await recordedSince(
        tx,
        reminder.userId,
        MEASURE_TAGS[reminder.measure as MeasureId],
        since,
      );
      const schedule = { ...toReminder(reminder), days: bitsToDays(reminder.days) };
      await tx
        .update(reminders)
        .set({ previousDueAt: reminder.nextDueAt, nextDueAt: nextDue(schedule, now) })
        .where(eq(reminders.id, reminder.id));
      if (recorded) counts.recorded += 1;
      else if (now.getTime() - reminder.nextDueAt.getTime() > lateLimitMs) counts.late += 1;
      else {
        await mailer.sendWithin(tx, {
          to,
          template: 'reminder',
          values: {
            measure: reminder.measure as MeasureId,
            time: reminder.time,
            days: bitsToDays(reminder.days),
            timeZone: reminder.timeZone,
            stopToken: tokens.issue(reminder.id),
            // 'It is 08:00' is not worth saying at noon: a mail held up that long is dropped.
            usefulUntil: new Date(reminder.nextDueAt.getTime() + lateLimitMs),
          },
        });
        counts.sent += 1;
      }
    }
    return due.length;
  });
  return counts;
}

/** Mails every weekly summary due at `now`, each in a transaction with its next time. */
async function sendDueSummaries(
  { db, mailer, tokens }: RunDependencies,
  now: Date,
): Promise<number> {
  let sent = 0;
  await inBatches(db, async (tx) => {
    const due = await tx
      .select({ summary: weeklySummaries, user: users })
      .from(weeklySummaries)
      .innerJoin(users, eq(users.id, weeklySummaries.userId))
      .where(and(lte(weeklySummaries.nextDueAt, now), isNotNull(users.emailVerifiedAt)))
      .orderBy(asc(weeklySummaries.nextDueAt))
      .limit(batchSize)
      .for('update', { of: weeklySummaries, skipLocked: true });
    for (const { summary, user } of due) {
      const to = summary.nextDueAt;
      const from = summary.previousDueAt ?? new Date(to.getTime() - 7 * 24 * 3600_000);
      await tx
        .update(weeklySummaries)
        .set({
          previousDueAt: to,
          nextDueAt: nextDue({ ...summarySchedule, timeZone: summary.timeZone }, now),
        })
        .where(eq(weeklySummaries.id, summary.id));
      if (now.getTime() - to.getTime() > summaryLateLimitMs) continue;
      const profile = { dob: user.dob, gender: user.gender, heightMM: user.heightMm };
      const week = await weekOf(
        tx as unknown as Database,
        user.id,
        from,
        to,
        profile,
        unitsOrDefaults({
          sugar: user.sugarUnit,
          cholesterol: user.cholesterolUnit,
          temperature: user.temperatureUnit,
        }),
      );
      // A week without a reading sends nothing: a mail that says so would only nag.
      if (week.measures.length === 0) continue;
      await mailer.sendWithin(tx, {
        to: user.username,
        template: 'weekly-summary',
        values: { week, timeZone: summary.timeZone, stopToken: tokens.issue(summary.id) },
      });
      sent += 1;
    }
    return due.length;
  });
  return sent;
}

/**
 * Runs `batch` in one transaction after another until one handles fewer than a full batch: each
 * locks up to `batchSize` due rows (another process skips them), moves them on and queues their
 * mail, and answers how many it took.
 */
async function inBatches(db: Database, batch: (tx: Database) => Promise<number>): Promise<void> {
  for (;;) {
    const handled = await db.transaction((tx) => batch(tx as unknown as Database));
    if (handled < batchSize) return;
  }
}
