// A real SMTP server for tests (the smtp-server package): the app sends through nodemailer over
// TCP as in production, and tests read what arrived.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** The first message to this address whose text matches, waiting for it to arrive. */
  waitFor(to: string, match?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * `refuseFirst` messages are answered with a temporary failure (451), as a busy or restarting
 * mail server would, before the peer accepts, with `refusal` as its words. `port` 0 takes any
 * free one.
 */
export async function startSmtpPeer({
  refuseFirst = 0,
  port: wantedPort = 0,
  refusal = 'try again later',
} = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let refusalsLeft = refuseFirst;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusalsLeft > 0) {
          refusalsLeft -= 1;
          callback(Object.assign(new Error(refusal), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, match = /./, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (message) => message.to.includes(to.toLowerCase()) && match.test(message.decoded),
        );
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${match} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
