// Mail through the job queue (decision 0020), tested through the whole server: an answered
// request's mail is stored before the answer, sent by the worker with retries, and a mail that
// fails every try is dead, counted in /readyz and on the administrators' list, and can be retried.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema/identity.table.ts';
import { registerAccount } from '../features/identity/identity.test-helpers.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { call, signedInAccount } from '../test/test-calls.ts';
import type { JobRules } from '../jobs/queue.ts';

/** A port on this machine where nothing listens: a mail server that is down. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Tries a second apart, without backoff, so that a test sees them all. */
const quickTries = (retryLimit: number): JobRules => ({
  retryLimit,
  retryDelay: 1,
  retryBackoff: false,
});

let peer: SmtpPeer | undefined;
let server: TestApp | undefined;
afterEach(async () => {
  await server?.close();
  await peer?.close();
  server = undefined;
  peer = undefined;
});

function serverOn(smtpUrl: string, mailRules: JobRules) {
  return createTestApp({ smtpUrl, trustProxy: true }, undefined, {
    jobs: { schedules: false, pollingIntervalSeconds: 0.5, mailRules },
  });
}

const linesWith = (app: TestApp, msg: string) => app.logs.filter((line) => line.msg === msg);

async function readiness(app: TestApp) {
  const answer = await call<{
    mail: { dead: number; lastError: string | null; lastFailedAt: string | null };
  }>(app, 'GET', '/readyz');
  expect(answer.status).toBe(200);
  return answer.body.mail;
}

describe('mail through the job queue', () => {
  it('retries a temporary refusal until the mail is delivered, once', async () => {
    peer = await startSmtpPeer({ refuseFirst: 2 });
    server = await serverOn(peer.url, quickTries(5));
    const account = await registerAccount(server);
    const mail = await peer.waitFor(
      account.username,
      /Finish creating your Vitalia account/,
      15_000,
    );
    expect(mail.decoded).toMatch(/register\/confirm#token=/);
    expect(linesWith(server, 'mail failed; will retry')).toHaveLength(2);
    // The job logs its success once the mail server has answered, which can come just after the
    // peer has the message.
    await expect.poll(() => linesWith(server!, 'mail sent').length).toBe(1);
    // Nothing more arrives: the job is done.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.filter((each) => each.to.includes(account.username))).toHaveLength(1);
    expect((await readiness(server)).dead).toBe(0);
  });

  it('keeps the message sealed in the database: neither the address nor the link can be read there', async () => {
    // Down, so that the job stays in the table while the test reads it.
    server = await serverOn(`smtp://127.0.0.1:${await closedPort()}`, quickTries(20));
    const account = await registerAccount(server);
    const stored = (await server.app.database.db.execute(
      sql`select data::text as data from pgboss.job where name = 'mail'`,
    )) as { rows: Array<{ data: string }> };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.data).toContain('confirm-registration');
    expect(stored.rows[0]!.data).not.toContain(account.username);
    expect(stored.rows[0]!.data).not.toMatch(/token=/);
  });

  it('ends a mail that fails every try as dead, shown to administrators and in /readyz, and retries it on request', async () => {
    // Two mails, two tries each with one retry allowed: the peer refuses all four, then accepts.
    // Its refusal names the recipient, as real mail servers' do.
    peer = await startSmtpPeer({
      refuseFirst: 4,
      refusal: 'try again later: mailbox <busy.person@example.com> is full',
    });
    server = await serverOn(peer.url, quickTries(1));
    const admin = await signedInAccount(server);
    await server.app.database.db
      .update(users)
      .set({ role: 'ADMIN' })
      .where(eq(users.id, admin.userId));
    // The administrator's own registration mail dies too.
    const person = await registerAccount(server);

    await expect.poll(async () => (await readiness(server!)).dead, { timeout: 15_000 }).toBe(2);
    const ready = await readiness(server);
    // The reason is kept; the address in it is not, here, on the list or in the log.
    expect(ready.lastError).toMatch(/try again later: mailbox <\[address\]> is full/);
    expect(JSON.stringify(server.logs)).not.toContain('busy.person@example.com');
    expect(Date.parse(ready.lastFailedAt!)).not.toBeNaN();
    const gaveUp = linesWith(server, 'mail could not be sent; giving up');
    expect(gaveUp).toHaveLength(2);
    expect(gaveUp.every((line) => line.level === 50)).toBe(true);
    expect(JSON.stringify(server.logs)).not.toMatch(/#token=/);

    const list = await call<{
      dead: number;
      mails: Array<{ id: string; purpose: string; attempts: number; lastError: string }>;
    }>(server, 'GET', '/api/v1/admin/mail/failed', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.dead).toBe(2);
    expect(list.body.mails.map((mail) => [mail.purpose, mail.attempts])).toEqual([
      ['confirm-registration', 2],
      ['confirm-registration', 2],
    ]);
    expect(JSON.stringify(list.body)).not.toContain(person.username);
    expect(JSON.stringify(list.body)).not.toContain('busy.person@example.com');

    // Someone who is not an administrator neither sees nor retries them.
    const forbidden = await call(server, 'GET', '/api/v1/admin/mail/failed', {
      token: person.token,
    });
    expect(forbidden.status).toBe(403);
    const id = list.body.mails[0]!.id;
    const notAllowed = await call(server, 'POST', `/api/v1/admin/mail/failed/${id}/retry`, {
      token: person.token,
    });
    expect(notAllowed.status).toBe(403);

    // The mail server now accepts: a retry delivers, and the mail is no longer dead.
    const retried = await call(server, 'POST', `/api/v1/admin/mail/failed/${id}/retry`, {
      token: admin.token,
    });
    expect(retried.status).toBe(202);
    await expect.poll(() => peer!.received.length, { timeout: 10_000 }).toBe(1);
    expect((await readiness(server)).dead).toBe(1);
    const again = await call(server, 'POST', `/api/v1/admin/mail/failed/${id}/retry`, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    const unknown = await call(server, 'POST', '/api/v1/admin/mail/failed/not-an-id/retry', {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('sends nothing once a mail is no longer useful, however it comes to be tried', async () => {
    peer = await startSmtpPeer();
    server = await serverOn(peer.url, quickTries(3));
    await server.app.mailer.send({
      to: 'late@example.com',
      template: 'reset-password',
      values: { token: 'expired', usefulUntil: new Date(Date.now() - 1000) },
    });
    await expect
      .poll(() => linesWith(server!, 'mail no longer useful; not sent').length, { timeout: 10_000 })
      .toBe(1);
    expect(peer.received).toHaveLength(0);
    expect((await readiness(server)).dead).toBe(0);
  });

  it('answers a registration while the mail server is down, and says in the log that it will retry, without the link', async () => {
    server = await serverOn(`smtp://127.0.0.1:${await closedPort()}`, quickTries(20));
    const account = await registerAccount(server);
    expect(account.token).toBeTruthy();
    await expect
      .poll(
        () =>
          linesWith(server!, 'mail failed; will retry').some(
            (line) =>
              (line.mail as { purpose?: string } | undefined)?.purpose === 'confirm-registration',
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(JSON.stringify(server.logs)).not.toMatch(/#token=/);
  });
});
