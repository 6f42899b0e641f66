// Mail (verification and reset links). Sending happens after the answer, in the background, with
// a few retries; a message that cannot be sent is logged as an error, so the request that caused
// it is never held up or failed by a slow mail server. Without SMTP_URL each message is written
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
}

const retryDelaysMs = [1_000, 5_000, 30_000];

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
        if (delay === undefined) {
          options.log.error({ err: error, mail: { purpose } }, 'mail could not be sent; giving up');
          return;
        }
        options.log.warn(
          { err: error, mail: { purpose, attempt: attempt + 1 } },
          'mail failed; will retry',
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
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
