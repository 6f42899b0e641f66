// Mail (verification and reset links). Sending happens after the answer, in the background, with
// a few retries; a message that cannot be sent is logged as an error, so the request that caused
// it is never held up or failed by a slow mail server. On shutdown, messages waiting for a retry
// get one last try at once, and any still unsent are logged as abandoned. Without SMTP_URL each message is written
// to DATA_DIR/mail-outbox as an .eml file: its links hold secrets, so they never go to the log.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Queues a message; never throws and never waits for the mail server. */
  send(message: MailMessage, purpose: string): void;
  /** Resolves when every queued message has been sent or given up on. */
  idle(): Promise<void>;
  /**
   * For shutdown: cuts short the waits between tries (one last try each), then waits for the
   * sends under way at most `graceMs`, and logs how many messages were abandoned.
   */
  close(graceMs?: number): Promise<void>;
}

const retryDelaysMs = [1_000, 5_000, 30_000];
const closeGraceMs = 10_000;

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: string;
  log: FastifyBaseLogger;
  /** Waits between tries; the last failure after them gives up. Tests shorten them. */
  retryDelaysMs?: readonly number[];
}): Mailer {
  const delays = options.retryDelaysMs ?? retryDelaysMs;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();
  let closing = false;
  /** Wakes the messages waiting between tries. */
  const waiting = new Set<() => void>();

  function pause(delay: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, delay);
      waiting.add(wake);
    });
  }

  async function deliver(message: MailMessage, purpose: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const info = (await transport.sendMail({ from: options.from, ...message })) as {
          message?: Buffer;
          messageId?: string;
        };
        if (!options.smtpUrl && info.message) {
          await fs.mkdir(options.outbox, { recursive: true });
          const file = path.join(options.outbox, `${Date.now()}-${crypto.randomUUID()}.eml`);
          await fs.writeFile(file, info.message, { mode: 0o600 });
          options.log.info(
            { mail: { purpose, file } },
            `mail written to ${file} (no SMTP_URL set)`,
          );
        } else {
          options.log.info({ mail: { purpose, messageId: info.messageId } }, 'mail sent');
        }
        return;
      } catch (error) {
        const delay = delays[attempt];
        if (delay === undefined || closing) {
          options.log.error(
            { err: error, mail: { purpose, attempts: attempt + 1 } },
            closing
              ? 'mail could not be sent before shutdown; giving up'
              : 'mail could not be sent; giving up',
          );
          return;
        }
        options.log.warn(
          { err: error, mail: { purpose, attempt: attempt + 1 } },
          'mail failed; will retry',
        );
        await pause(delay);
      }
    }
  }

  return {
    send(message, purpose) {
      const work = deliver(message, purpose).finally(() => pending.delete(work));
      pending.add(work);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close(graceMs = closeGraceMs) {
      closing = true;
      for (const wake of [...waiting]) wake();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'over'>((resolve) => {
        timer = setTimeout(() => resolve('over'), graceMs);
      });
      const outcome = await Promise.race([this.idle(), graceOver]);
      clearTimeout(timer);
      if (outcome === 'over') {
        options.log.error(
          { mail: { abandoned: pending.size } },
          `shutting down with ${pending.size} mail(s) still being sent; they are abandoned`,
        );
      }
      transport.close();
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
}): MailMessage {
  const { to, subject, intro, action, link, outro } = options;
  return {
    to,
    subject,
    text: `${intro}\n\n${action}:\n${link}\n\n${outro}\n\nVitalia`,
    html: `<!doctype html><html><body style="font-family:Roboto,Arial,sans-serif;color:#1a1a1a;max-width:560px">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b2559;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>
<p>${escapeHtml(outro)}</p>
<p>Vitalia</p>
</body></html>`,
  };
}
