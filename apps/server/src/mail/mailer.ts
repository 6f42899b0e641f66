// Mail goes through the job queue (docs/decisions/0020-job-queue.md): send() renders the named
// template, stores the message as a job and resolves once it is stored, so a mail once accepted
// survives a crash or a restart. The mail worker (started with the rest in jobs/background-work.ts)
// sends it, with retries that back off; a mail that still fails ends 'failed' (dead) with its last
// error, which /readyz and the administrators' mail page show and from where it can be retried. A
// message's links hold secrets: it is stored sealed (AES-256-GCM under a key derived from
// JWT_SECRET), and neither it nor its text ever goes to the log or to those views.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { JobQueue, JobRules } from '../jobs/queue.ts';
import { SealedCookie } from '../lib/sealed-cookie.ts';
import type { MailMessage } from './layout.ts';
import type { MailSite } from './site.ts';
import { renderMail, type MailOrder, type MailPurpose } from './templates.ts';
import type { MailTransport } from './transport.ts';

/** A mail that will not be sent unless an administrator retries it: never its text or links. */
export interface FailedMail {
  id: string;
  purpose: string;
  attempts: number;
  lastError: string;
  createdAt: Date;
  failedAt: Date;
}

export interface DeadMailSummary {
  dead: number;
  lastError: string | null;
  lastFailedAt: Date | null;
}

/** What a mail job holds: the purpose in the clear for the administrators' view, the rest sealed. */
export interface MailJob {
  purpose: MailPurpose;
  sealed: string;
  /** ISO 8601; see MailMessage.usefulUntil. */
  usefulUntil?: string;
}

export interface Mailer {
  /**
   * Renders and stores a mail for sending, and resolves once it is stored; never rejects (a
   * mail that cannot be stored is logged as lost). Callers await it before answering, so that an
   * answered request's mail is never lost to a crash.
   */
  send(mail: MailOrder): Promise<void>;
  /**
   * Stores a mail inside the caller's transaction, so that it is sent if and only if the
   * transaction commits. Throws when it cannot be stored (the transaction then rolls back).
   */
  sendWithin(tx: Database, mail: MailOrder): Promise<void>;
  /** How many mails are dead, with the newest one's error. */
  deadSummary(): Promise<DeadMailSummary>;
  /** The dead mails, newest first, at most `limit`. */
  failed(limit: number): Promise<FailedMail[]>;
  /** Gives a dead mail one more try, at once; false when there is no dead mail by that id. */
  retry(id: string): Promise<boolean>;
  /**
   * Removes the queued and kept mail to these addresses (sent, waiting, dead), inside the
   * caller's transaction; one being sent at this moment is left to finish. Answers how many.
   */
  forgetMailTo(tx: Database, addresses: readonly string[], now: Date): Promise<number>;
  /** Removes the sent mails of this purpose, with their sealed contents. Answers how many. */
  forgetSent(purpose: MailPurpose): Promise<number>;
  /** Opens and sends one queued mail: the mail worker's job. */
  deliver(job: JobWithMetadata<MailJob>): Promise<void>;
}

/**
 * A first try and ten more over three to four hours (15 s, then doubling, at most an hour apart).
 * A try may last a minute at most: the transport's own timeouts end it before, and a try cut short
 * by a crash is given back to the queue after that minute.
 */
export const mailRules: JobRules = {
  retryLimit: 10,
  retryDelay: 15,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 60,
  // Sent and dead mails are kept a week, then removed with their sealed contents.
  deleteAfterSeconds: 7 * 24 * 3600,
};
/**
 * The purposes mail was queued under before they were template names; a server that has just been
 * upgraded may still hold such jobs for up to a week.
 */
const earlierPurposes: Partial<Record<MailPurpose, string>> = {
  'account-deleted': 'account deleted',
};

/** A sealed message opens for as long as its job can be kept, and a day more. */
const sealLifetimeMs = 8 * 24 * 3600 * 1000;

/** Addresses in a mail server's answer ('550 <bob@example.com>: rejected') are not shown or logged. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '[address]');
}

/** The error of a failed try, fit to keep and show: its first line, no address, no stack. */
function keptError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const kept = new Error(withoutAddresses(message.split('\n')[0]!.slice(0, 300)));
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') Object.assign(kept, { code });
  kept.stack = `Error: ${kept.message}`;
  return kept;
}

/** The first line of an error as pg-boss stored it, without its stack. */
function errorLine(output: unknown): string {
  const message =
    output && typeof output === 'object' && 'message' in output
      ? String((output as { message: unknown }).message)
      : 'unknown error';
  return withoutAddresses(message.split('\n')[0]!.slice(0, 300));
}

export function createMailer(options: {
  jobs: JobQueue;
  db: Database;
  site: MailSite;
  transport: MailTransport;
  signingSecret: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { jobs, db, site, transport, log } = options;
  const seal = new SealedCookie<MailMessage>(options.signingSecret, 'mail job');

  /** The job a mail is stored as: its purpose and time limit in the clear, the rest sealed. */
  function jobOf(mail: MailOrder): MailJob {
    const { usefulUntil, ...message } = renderMail(mail, site);
    return {
      purpose: mail.template,
      sealed: seal.seal(message, sealLifetimeMs, new Date()),
      ...(usefulUntil ? { usefulUntil: usefulUntil.toISOString() } : {}),
    };
  }

  // pg-boss's own table, read in SQL for an exact count (its queue counts are refreshed only now
  // and then); docs/decisions/0020-job-queue.md says why.
  /** Both drivers answer raw SQL with `{ rows }`. */
  const rowsOf = async (on: Database, query: ReturnType<typeof sql>) =>
    ((await on.execute(query)) as { rows: Array<Record<string, unknown>> }).rows;

  async function failed(limit: number): Promise<FailedMail[]> {
    const rows = await rowsOf(
      db,
      sql`
      select id::text as id, data->>'purpose' as purpose, retry_count as "retryCount",
             output, created_on as "createdOn", completed_on as "completedOn"
        from pgboss.job
       where name = 'mail' and state = 'failed'
       order by completed_on desc, id
       limit ${limit}`,
    );
    return rows.map((row) => ({
      id: String(row.id),
      purpose: String(row.purpose ?? ''),
      attempts: Number(row.retryCount) + 1,
      lastError: errorLine(row.output),
      createdAt: new Date(row.createdOn as string | Date),
      failedAt: new Date(row.completedOn as string | Date),
    }));
  }

  return {
    async send(mail) {
      try {
        await jobs.send('mail', jobOf(mail));
      } catch (error) {
        log.error(
          { err: error, mail: { purpose: mail.template } },
          'mail could not be queued; it is lost',
        );
      }
    },
    async sendWithin(tx, mail) {
      await jobs.send('mail', jobOf(mail), { within: tx });
    },
    async deadSummary() {
      const [counted] = await rowsOf(
        db,
        sql`select count(*)::int as dead from pgboss.job where name = 'mail' and state = 'failed'`,
      );
      const dead = Number(counted?.dead ?? 0);
      if (dead === 0) return { dead, lastError: null, lastFailedAt: null };
      const [newest] = await failed(1);
      return { dead, lastError: newest?.lastError ?? null, lastFailedAt: newest?.failedAt ?? null };
    },
    failed,
    async retry(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      // pg-boss moves it only from 'failed', with one more try allowed: two administrators
      // pressing Retry at once give it one try, not two.
      if ((await jobs.stateOf('mail', id)) !== 'failed') return false;
      await jobs.retry('mail', id);
      return true;
    },
    async forgetMailTo(tx, addresses, now) {
      const rows = await rowsOf(
        tx,
        sql`select id::text as id, data->>'sealed' as sealed from pgboss.job
             where name = 'mail' and state <> 'active'`,
      );
      const wanted = new Set(addresses.map((address) => address.toLowerCase()));
      const ids = rows
        .filter((row) => {
          const message = seal.open((row.sealed as string | null) ?? undefined, now);
          return message !== undefined && wanted.has(message.to.toLowerCase());
        })
        .map((row) => String(row.id));
      for (const id of ids) {
        await tx.execute(sql`delete from pgboss.job where name = 'mail' and id = ${id}::uuid`);
      }
      return ids.length;
    },
    async forgetSent(purpose) {
      const rows = await rowsOf(
        db,
        sql`delete from pgboss.job
             where name = 'mail' and state = 'completed'
               and data->>'purpose' in (${purpose}, ${earlierPurposes[purpose] ?? purpose})
            returning id`,
      );
      return rows.length;
    },
    async deliver(job) {
      const { purpose, usefulUntil } = job.data;
      const attempt = job.retryCount + 1;
      if (usefulUntil && Date.now() > Date.parse(usefulUntil)) {
        log.warn({ mail: { purpose, attempt, job: job.id } }, 'mail no longer useful; not sent');
        return;
      }
      const message = seal.open(job.data.sealed, new Date());
      if (!message) {
        // Sealed under another JWT_SECRET, or older than any job is kept: it can never be sent.
        log.error({ mail: { purpose, job: job.id } }, 'mail cannot be opened; giving up');
        throw new Error(
          'The message cannot be opened: JWT_SECRET has changed since it was stored.',
        );
      }
      try {
        await transport(message, purpose);
      } catch (error) {
        const kept = keptError(error);
        const last = job.retryCount >= job.retryLimit;
        log[last ? 'error' : 'warn'](
          { err: kept, mail: { purpose, attempt, job: job.id } },
          last ? 'mail could not be sent; giving up' : 'mail failed; will retry',
        );
        throw kept;
      }
    },
  };
}
