// Every worker and schedule the server runs, in one list: what runs, when, and how it is retried.
// Starting the app starts them all here, after the features have built their services; closing the
// app stops them through the queue (jobs/queue.ts), before the database closes. Features add jobs
// with `app.jobs.send`; nothing else starts a worker.
import type { FastifyBaseLogger } from 'fastify';
import type { AccountDeletionService } from '../features/identity/account-deletion.service.ts';
import { purgeExpired } from '../features/identity/housekeeping.ts';
import type { ReminderRuns } from '../features/reminders/reminders.service.ts';
import type { OrderRelease } from '../features/store/store.feature.ts';
import type { Database } from '../db/database.ts';
import { mailRules, type Mailer, type MailJob } from '../mail/mailer.ts';
import type { JobQueue, JobRules, QueueName } from './queue.ts';

/** What the background work runs on. */
export interface BackgroundWork {
  db: Database;
  mailer: Mailer;
  deletion: AccountDeletionService;
  reminders: ReminderRuns;
  /** Unpaid, unconfirmed orders whose hold has run out (docs/decisions/0023-order-mail.md). */
  orderRelease: OrderRelease;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Tests shorten the mail's tries. */
  mailRules?: JobRules;
}

/** A purge that fails is tried again over about a day; the hourly sweep catches any left. */
const purgeRules: JobRules = {
  retryLimit: 8,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 10 * 60,
  deleteAfterSeconds: 7 * 24 * 3600,
};

/** Every minute: a reminder set for 08:00 goes out within a minute of it. */
export const reminderSchedule = '* * * * *';
/** A run that fails is tried again shortly; the next minute's run would catch up anyway. */
const everyMinuteRules: JobRules = {
  retryLimit: 2,
  retryDelay: 10,
  expireInSeconds: 120,
  deleteAfterSeconds: 3600,
};

/** Hourly, at seven past: expired rows go, and overdue account deletions are swept. */
export const housekeepingSchedule = '7 * * * *';
/** A run that fails is tried once more; the next hour's run catches up anyway. */
const housekeepingRules: JobRules = {
  retryLimit: 1,
  retryDelay: 60,
  expireInSeconds: 15 * 60,
  deleteAfterSeconds: 24 * 3600,
};

/**
 * Every ten minutes: an order whose hold has run out is released within ten minutes of it. A run
 * that fails is tried once more; the next run catches up anyway.
 */
export const orderReleaseSchedule = '*/10 * * * *';
const orderReleaseRules: JobRules = {
  retryLimit: 1,
  retryDelay: 60,
  expireInSeconds: 10 * 60,
  deleteAfterSeconds: 24 * 3600,
};

/** The housekeeping run: expired rows, then the backstop of account deletion. */
export async function housekeeping(
  work: Pick<BackgroundWork, 'db' | 'deletion' | 'log'>,
  now: Date,
) {
  const purged = await purgeExpired(work.db, now);
  work.log.info({ housekeeping: purged }, 'housekeeping: expired rows purged');
  // Purges whose job has not run, and the last mails of deletions once sent
  // (docs/decisions/0032-account-deletion.md).
  const deletions = await work.deletion.sweep(now);
  work.log.info({ housekeeping: { deletions } }, 'housekeeping: overdue deletions swept');
}

/** How each queue's jobs are retried and kept; the queue is created with them when it starts. */
export function queueRules(mailOverride?: JobRules): Record<QueueName, JobRules> {
  const mail: JobRules = { ...mailRules, ...mailOverride };
  // pg-boss takes a ceiling only for delays that grow.
  if (!mail.retryBackoff) delete mail.retryDelayMax;
  return {
    mail,
    'account-purge': purgeRules,
    reminders: everyMinuteRules,
    'weekly-summary': everyMinuteRules,
    housekeeping: housekeepingRules,
    'order-release': orderReleaseRules,
  };
}

export async function startBackgroundWork(jobs: JobQueue, work: BackgroundWork): Promise<void> {
  const { clock, log } = work;
  const rules = queueRules(work.mailRules);
  // Queued mail: one at a time, each opened and sent (mail/mailer.ts).
  await jobs.work<MailJob>('mail', rules.mail, (job) => work.mailer.deliver(job));
  // An account's purge, due when its grace ends (features/identity/account-deletion.service.ts).
  await jobs.work<{ key: string }>('account-purge', rules['account-purge'], async (job) => {
    const result = await work.deletion.purgeByKey(job.data.key, clock());
    if (result.purged) log.info({ accountPurge: result }, 'account purged');
  });
  // Reminders to measure that have come due (docs/decisions/0022-reminders.md).
  await jobs.every('reminders', reminderSchedule, rules.reminders, async () => {
    const counts = await work.reminders.sendDueReminders(clock());
    if (counts.sent + counts.recorded + counts.late > 0) {
      log.info({ reminders: counts }, 'reminders: due ones handled');
    }
  });
  // Weekly summaries that have come due, each at 08:00 on Monday in its own time zone.
  await jobs.every('weekly-summary', reminderSchedule, rules['weekly-summary'], async () => {
    const summaries = await work.reminders.sendDueSummaries(clock());
    if (summaries > 0) log.info({ reminders: { summaries } }, 'weekly summaries sent');
  });
  await jobs.every('housekeeping', housekeepingSchedule, rules.housekeeping, () =>
    housekeeping(work, clock()),
  );
  // Unpaid orders neither paid nor confirmed in time give their stock back (features/store).
  await jobs.every('order-release', orderReleaseSchedule, rules['order-release'], async () => {
    const released = await work.orderRelease.releaseDue(clock());
    if (released > 0) log.info({ store: { released } }, 'unconfirmed orders released');
  });
}
