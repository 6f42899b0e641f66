// Mail (verification and reset links, account notices) goes through the job queue (decision
// 0020): send() stores the message as a job and resolves once it is stored, so a mail once
// accepted survives a crash or a restart. A worker sends it, with retries that back off; a mail
// that still fails ends 'failed' (dead) with its last error, which /readyz and the administrators'
// mail page show and from where it can be retried. Without SMTP_URL each message is written to
// DATA_DIR/mail-outbox as an .eml file. A message's links hold secrets: it is stored sealed
// (AES-256-GCM under a key derived from JWT_SECRET), and neither it nor its text ever goes to the
// log or to those views.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { inTransaction, type JobQueue, type JobRules } from './job-queue.ts';
import { SealedCookie } from './sealed-cookie.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * After this the mail is pointless (its link has expired, its reminder's time is long past): a
   * try after it sends nothing, whether it comes from the backoff or an administrator's retry.
   */
  usefulUntil?: Date;
}

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

export interface Mailer {
  /**
   * Stores a message for sending and resolves once it is stored; never rejects (a message that
   * cannot be stored is logged as lost). Callers await it before answering, so that an answered
   * request's mail is never lost to a crash.
   */
  send(message: MailMessage, purpose: string): Promise<void>;
  /** How many mails are dead, with the newest one's error. */
  deadSummary(): Promise<DeadMailSummary>;
  /** The dead mails, newest first, at most `limit`. */
  failed(limit: number): Promise<FailedMail[]>;
  /**
   * Stores a message inside the caller's transaction, so that it is sent if and only if the
   * transaction commits. Throws when it cannot be stored (the transaction then rolls back).
   */
  sendWithin(tx: Database, message: MailMessage, purpose: string): Promise<void>;
  /** Gives a dead mail one more try, at once; false when there is no dead mail by that id. */
  retry(id: string): Promise<boolean>;
}

/** The queue of outgoing mail. */
export const mailQueue = 'mail';

/** What a mail job holds: the purpose in the clear for the administrators' view, the rest sealed. */
interface MailJob {
  purpose: string;
  sealed: string;
  /** ISO 8601; see MailMessage.usefulUntil. */
  usefulUntil?: string;
}

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

/** The job a message is stored as: its purpose and time limit in the clear, the rest sealed. */
function jobOf(
  seal: SealedCookie<MailMessage>,
  { usefulUntil, ...message }: MailMessage,
  purpose: string,
): MailJob {
  return {
    purpose,
    sealed: seal.seal(message, sealLifetimeMs, new Date()),
    ...(usefulUntil ? { usefulUntil: usefulUntil.toISOString() } : {}),
  };
}

/**
 * A first try and ten more over three to four hours (15 s, then doubling, at most an hour apart). A try may last a
 * minute at most: the transport's own timeouts end it before, and a try cut short by a crash is
 * given back to the queue after that minute.
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
/** A sealed message opens for as long as its job can be kept, and a day more. */
const sealLifetimeMs = 8 * 24 * 3600 * 1000;

/** Sends one message now, by SMTP or into the outbox folder; throws when it cannot. */
export function mailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: string;
  log: FastifyBaseLogger;
}): (message: MailMessage, purpose: string) => Promise<void> {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message, purpose) => {
    const info = (await transport.sendMail({ from: options.from, ...message })) as {
      message?: Buffer;
      messageId?: string;
    };
    if (!options.smtpUrl && info.message) {
      await fs.mkdir(options.outbox, { recursive: true });
      const file = path.join(options.outbox, `${Date.now()}-${crypto.randomUUID()}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      options.log.info({ mail: { purpose, file } }, `mail written to ${file} (no SMTP_URL set)`);
    } else {
      options.log.info({ mail: { purpose, messageId: info.messageId } }, 'mail sent');
    }
  };
}

/** The first line of an error as pg-boss stored it, without its stack. */
function errorLine(output: unknown): string {
  const message =
    output && typeof output === 'object' && 'message' in output
      ? String((output as { message: unknown }).message)
      : 'unknown error';
  return withoutAddresses(message.split('\n')[0]!.slice(0, 300));
}

/** Starts the mail worker on the queue and returns the mailer that feeds it. */
export async function createMailer(options: {
  jobs: JobQueue;
  db: Database;
  deliver: (message: MailMessage, purpose: string) => Promise<void>;
  signingSecret: string;
  log: FastifyBaseLogger;
  /** Tests shorten the tries. */
  rules?: JobRules;
}): Promise<Mailer> {
  const { jobs, db, deliver, log } = options;
  const seal = new SealedCookie<MailMessage>(options.signingSecret, 'mail job');
  const rules: JobRules = { ...mailRules, ...options.rules };
  // pg-boss takes a ceiling only for delays that grow.
  if (!rules.retryBackoff) delete rules.retryDelayMax;
  const wake = await jobs.work<MailJob>(mailQueue, rules, async (job) => {
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
      throw new Error('The message cannot be opened: JWT_SECRET has changed since it was stored.');
    }
    try {
      await deliver(message, purpose);
    } catch (error) {
      const kept = keptError(error);
      const last = job.retryCount >= job.retryLimit;
      log[last ? 'error' : 'warn'](
        { err: kept, mail: { purpose, attempt, job: job.id } },
        last ? 'mail could not be sent; giving up' : 'mail failed; will retry',
      );
      throw kept;
    }
  });

  // pg-boss's own table, read in SQL for an exact count (its queue counts are refreshed only now
  // and then); decision 0020 says why.
  /** Both drivers answer raw SQL with `{ rows }`. */
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as { rows: Array<Record<string, unknown>> }).rows;

  async function failed(limit: number): Promise<FailedMail[]> {
    const rows = await rowsOf(sql`
      select id::text as id, data->>'purpose' as purpose, retry_count as "retryCount",
             output, created_on as "createdOn", completed_on as "completedOn"
        from pgboss.job
       where name = ${mailQueue} and state = 'failed'
       order by completed_on desc, id
       limit ${limit}`);
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
    async send(message, purpose) {
      try {
        await jobs.boss.send(mailQueue, jobOf(seal, message, purpose));
        wake();
      } catch (error) {
        log.error({ err: error, mail: { purpose } }, 'mail could not be queued; it is lost');
      }
    },
    async sendWithin(tx, message, purpose) {
      await jobs.boss.send(mailQueue, jobOf(seal, message, purpose), { db: inTransaction(tx) });
    },
    async deadSummary() {
      const [counted] = await rowsOf(sql`
        select count(*)::int as dead from pgboss.job where name = ${mailQueue} and state = 'failed'`);
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
      const [job] = await jobs.boss.findJobs<MailJob>(mailQueue, { id });
      if (job?.state !== 'failed') return false;
      await jobs.boss.retry(mailQueue, id);
      wake();
      return true;
    },
  };
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/** A short message with one button-like link, in text and HTML. */
export function linkMail(options: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
  /** A last line with a link of its own, such as how to stop a mail that comes again. */
  footer?: { text: string; action: string; link: string };
  headers?: Record<string, string>;
  usefulUntil?: Date;
}): MailMessage {
  const { to, subject, intro, action, link, outro, footer, headers, usefulUntil } = options;
  const footerText = footer ? `\n\n${footer.text} ${footer.action}:\n${footer.link}` : '';
  const footerHtml = footer
    ? `\n<p style="font-size:13px;color:#555">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link)}" style="color:#0b2559">${escapeHtml(footer.action)}</a></p>`
    : '';
  return {
    to,
    subject,
    ...(headers ? { headers } : {}),
    ...(usefulUntil ? { usefulUntil } : {}),
    text: `${intro}\n\n${action}:\n${link}\n\n${outro}\n\nVitalia${footerText}`,
    html: `<!doctype html><html><body style="font-family:Roboto,Arial,sans-serif;color:#1a1a1a;max-width:560px">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b2559;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p>${escapeHtml(outro)}</p>
<p>Vitalia</p>${footerHtml}
</body></html>`,
  };
}
