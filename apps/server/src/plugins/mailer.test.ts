import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { createMailer } from './mailer.ts';

const message = {
  to: 'someone@example.com',
  subject: 'Confirm your email address',
  text: 'Open the link to confirm.',
  html: '<p>Open the link to confirm.</p>',
};

/** A logger whose lines the test can read. */
function capturedLog() {
  const lines: Array<{ level: number; msg: string; mail?: { purpose?: string } }> = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** A mailer on `smtpUrl` that logs to `log`, with waits between tries as given. */
function mailerOn(
  smtpUrl: string,
  log: ReturnType<typeof capturedLog>['log'],
  retryDelaysMs?: readonly number[],
) {
  return createMailer({
    smtpUrl,
    from: 'Vitalia <no-reply@vitalia.test>',
    outbox: path.join(os.tmpdir(), 'unused-outbox'),
    log,
    ...(retryDelaysMs ? { retryDelaysMs } : {}),
  });
}

/** A port on this machine where nothing listens: a mail server that is down. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let peer: SmtpPeer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe('the mailer', () => {
  it('returns at once and retries a temporary refusal until the mail is delivered', async () => {
    peer = await startSmtpPeer({ refuseFirst: 2 });
    const { log, lines } = capturedLog();
    const mailer = mailerOn(peer.url, log, [50, 50, 50]);
    mailer.send(message, 'verify email');
    expect(peer.received).toHaveLength(0);
    await mailer.idle();
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]!.to).toEqual(['someone@example.com']);
    expect(lines.filter((line) => line.msg === 'mail failed; will retry')).toHaveLength(2);
    expect(lines.filter((line) => line.msg === 'mail sent')).toHaveLength(1);
  });

  it('gives up after its retries with an error in the log that names the purpose', async () => {
    const { log, lines } = capturedLog();
    const mailer = mailerOn(`smtp://127.0.0.1:${await closedPort()}`, log, [20, 20]);
    mailer.send(message, 'reset password');
    await mailer.idle();
    expect(lines.filter((line) => line.msg === 'mail failed; will retry')).toHaveLength(2);
    const gaveUp = lines.filter((line) => line.msg === 'mail could not be sent; giving up');
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]!.level).toBe(50);
    expect(gaveUp[0]!.mail?.purpose).toBe('reset password');
    expect(JSON.stringify(lines)).not.toContain('Open the link');
  });
});

/** Resolves once the log holds a line with this message. */
async function logged(lines: Array<{ msg: string }>, msg: string): Promise<void> {
  await expect.poll(() => lines.some((line) => line.msg === msg), { timeout: 10_000 }).toBe(true);
}

describe('the mailer at shutdown', () => {
  it('gives a message waiting for a retry one last try at once, without the wait', async () => {
    peer = await startSmtpPeer({ refuseFirst: 1 });
    const { log, lines } = capturedLog();
    // Longer than the test may run: only close() can cut the wait short.
    const mailer = mailerOn(peer.url, log, [10 * 60_000]);
    mailer.send(message, 'verify email');
    await logged(lines, 'mail failed; will retry');
    await mailer.close();
    expect(peer.received).toHaveLength(1);
    expect(lines.filter((line) => line.msg === 'mail sent')).toHaveLength(1);
  });

  it('logs a message it still cannot send as given up, naming the purpose', async () => {
    const { log, lines } = capturedLog();
    const mailer = mailerOn(`smtp://127.0.0.1:${await closedPort()}`, log, [
      10 * 60_000,
      10 * 60_000,
    ]);
    mailer.send(message, 'reset password');
    await logged(lines, 'mail failed; will retry');
    await mailer.close();
    const gaveUp = lines.filter(
      (line) => line.msg === 'mail could not be sent before shutdown; giving up',
    );
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]!.level).toBe(50);
    expect(gaveUp[0]!.mail?.purpose).toBe('reset password');
  });

  it('stops waiting for a mail server that never answers and says how many mails it abandons', async () => {
    // Takes the connection and says nothing: the SMTP greeting never comes.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const { log, lines } = capturedLog();
      const mailer = mailerOn(`smtp://127.0.0.1:${port}`, log);
      mailer.send(message, 'verify email');
      mailer.send(message, 'reset password');
      await mailer.close(200);
      const abandoned = lines.filter((line) =>
        /still being sent; they are abandoned/.test(line.msg),
      );
      expect(abandoned).toHaveLength(1);
      expect(abandoned[0]!.msg).toBe(
        'shutting down with 2 mail(s) still being sent; they are abandoned',
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe('a registration while the mail server is down', () => {
  it('still makes the account and says so in the log, without the link', async () => {
    const { createTestApp } = await import('../test/test-app.ts');
    const { registerAccount } = await import('../features/identity/identity.test-helpers.ts');
    const server = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const account = await registerAccount(server);
      expect(account.token).toBeTruthy();
      const deadline = Date.now() + 10_000;
      const failed = () =>
        server.logs.find(
          (line) =>
            line.msg === 'mail failed; will retry' &&
            (line.mail as { purpose?: string } | undefined)?.purpose === 'verify email',
        );
      while (!failed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(failed()).toBeDefined();
      expect(JSON.stringify(server.logs)).not.toMatch(/#token=/);
    } finally {
      await server.close();
    }
  });
});
