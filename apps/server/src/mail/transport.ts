// How a mail leaves: by SMTP when SMTP_URL is set, else written to DATA_DIR/mail-outbox as an
// .eml file (a development machine, a demo). Only the mail worker (mail/mailer.ts) calls it.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage } from './layout.ts';

/** Sends one message now, naming its purpose in the log line; throws when it cannot. */
export type MailTransport = (message: MailMessage, purpose: string) => Promise<void>;

/** Sends one message now, by SMTP or into the outbox folder; throws when it cannot. */
export function mailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: string;
  log: FastifyBaseLogger;
}): MailTransport {
  // Made on the first mail: nodemailer is not loaded before the server answers.
  let made: Promise<Transporter> | undefined;
  const transporter = () =>
    (made ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport({
            url: options.smtpUrl,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  return async (message, purpose) => {
    const transport = await transporter();
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
