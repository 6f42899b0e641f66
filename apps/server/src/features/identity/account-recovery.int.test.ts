import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/identity.table.ts';
import { call, refresh, registerAccount, signIn } from './identity.test-helpers.ts';

let server: TestApp;
let smtp: SmtpPeer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await createTestApp(
    { trustProxy: true, smtpUrl: smtp.url, publicUrl: 'https://vitalia.example' },
    undefined,
    { clock },
  );
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const profile = async (token: string) =>
  (await call(server, 'GET', '/api/v1/identity/profile', { token })).body;

function linkIn(mail: { decoded: string }, pattern: RegExp): string {
  const match = pattern.exec(mail.decoded);
  if (!match?.[1]) throw new Error(`no link matching ${pattern} in the mail`);
  return match[1];
}

const verifyToken = (mail: { decoded: string }) =>
  linkIn(mail, /https:\/\/vitalia\.example\/verify\/email#token=([A-Za-z0-9_-]{43})/);
const resetToken = (mail: { decoded: string }) =>
  linkIn(mail, /https:\/\/vitalia\.example\/account\/reset\/([A-Za-z0-9_-]{43})/);

/**
 * An account whose address is not confirmed: one made before registering asked for the mailed
 * link (docs/decisions/0051-registration-confirmed-by-mail.md), as a database upgraded from then
 * holds. With `sendLink`, it asks for a verification link as the banner's button does.
 */
async function unconfirmedAccount({ sendLink = true } = {}) {
  const account = await registerAccount(server);
  await server.app.database.db
    .update(users)
    .set({ emailVerifiedAt: null })
    .where(eq(users.id, account.userId));
  if (sendLink) {
    const sent = await call(server, 'POST', '/api/v1/identity/email/verify/resend', {
      token: account.token,
    });
    expect(sent.status).toBe(202);
  }
  return account;
}

const verifySubject = /Confirm your email address/;

describe('email verification', () => {
  it('mails a link on request, in text and HTML, that confirms the address once', async () => {
    const account = await unconfirmedAccount();
    expect((await profile(account.token)).emailVerified).toBe(false);

    const mail = await smtp.waitFor(account.username, /Confirm your email address/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const token = verifyToken(mail);

    const verified = await call(server, 'POST', '/api/v1/identity/email/verify', {
      body: { token },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true, username: account.username });
    expect((await profile(account.token)).emailVerified).toBe(true);

    const again = await call(server, 'POST', '/api/v1/identity/email/verify', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([
      'This verification link is not valid: it has expired or been used. Sign in and ask for a new one.',
    ]);
  });

  it('expires after 24 hours', async () => {
    const account = await unconfirmedAccount();
    const token = verifyToken(await smtp.waitFor(account.username, verifySubject));
    offsetMs = 24 * 3600 * 1000 + 1000;
    try {
      const late = await call(server, 'POST', '/api/v1/identity/email/verify', { body: { token } });
      expect(late.status).toBe(400);
    } finally {
      offsetMs = 0;
    }
    expect((await profile(account.token)).emailVerified).toBe(false);
  });

  it('sends a new link on request, which replaces the old one, and limits how often', async () => {
    const account = await unconfirmedAccount();
    const first = verifyToken(await smtp.waitFor(account.username, verifySubject));
    const resend = await call(server, 'POST', '/api/v1/identity/email/verify/resend', {
      token: account.token,
    });
    expect(resend.status).toBe(202);
    expect(resend.body.message).toBe(`We have sent a new link to ${account.username}.`);
    const verifyMails = () =>
      smtp.received.filter((m) => m.to.includes(account.username) && verifySubject.test(m.decoded));
    await expect.poll(() => verifyMails().length).toBe(2);
    const second = verifyToken(verifyMails()[1]!);
    expect(second).not.toBe(first);
    expect(
      (await call(server, 'POST', '/api/v1/identity/email/verify', { body: { token: first } }))
        .status,
    ).toBe(400);
    expect(
      (await call(server, 'POST', '/api/v1/identity/email/verify', { body: { token: second } }))
        .status,
    ).toBe(200);
    const afterVerified = await call(server, 'POST', '/api/v1/identity/email/verify/resend', {
      token: account.token,
    });
    expect(afterVerified.status).toBe(409);

    const other = await unconfirmedAccount({ sendLink: false });
    const statuses = [];
    for (let n = 0; n < 4; n += 1) {
      statuses.push(
        (await call(server, 'POST', '/api/v1/identity/email/verify/resend', { token: other.token }))
          .status,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

describe('password reset', () => {
  const initiate = (Username: string, ip = '192.0.2.50') =>
    call(server, 'POST', '/api/v1/identity/password/initiatereset', {
      body: { Username },
      headers: { 'x-forwarded-for': ip },
    });

  it('answers the same for an account and for nobody', async () => {
    const account = await registerAccount(server);
    const known = await initiate(account.username);
    const unknown = await initiate('no-such-person@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body.message).toBe(
      `If ${account.username} has a Vitalia account, a link to reset its password is on its way. It works for 30 minutes.`,
    );
    expect(unknown.body.message).toBe(
      'If no-such-person@example.com has a Vitalia account, a link to reset its password is on its way. It works for 30 minutes.',
    );
    await smtp.waitFor(account.username, /Reset your Vitalia password/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.some((m) => m.to.includes('no-such-person@example.com'))).toBe(false);
  });

  it('judges a new password the same for an account and for nobody, before the link', async () => {
    const account = await registerAccount(server);
    const answers = [];
    for (const Username of [account.username, 'nobody-here@example.com']) {
      answers.push(
        await call(server, 'POST', '/api/v1/identity/password/reset', {
          body: { Username, NewPasword: 'password123', Token: 'not-a-token-from-any-mail' },
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([400, 400]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect((answers[0]!.body.errors as string[])[0]).toMatch(/^NewPasword: is one of the most/);
  });

  it('sends at most three links an hour to one account, even when asked all at once', async () => {
    const account = await registerAccount(server);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => initiate(account.username, `192.0.2.${90 + n}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202, 202]);
    const resets = () =>
      smtp.received.filter((m) => m.to.includes(account.username) && /Reset/.test(m.decoded));
    await expect.poll(() => resets().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    // A fourth would have been queued with the others; give the worker time to send it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      smtp.received.filter((m) => m.to.includes(account.username) && /Reset/.test(m.decoded)),
    ).toHaveLength(3);
  });

  it('sets a new password with the mailed link, signs in, and ends every other session', async () => {
    const account = await registerAccount(server, 'the forgotten one');
    const other = (await signIn(server, account.username, 'the forgotten one')).body;
    await initiate(account.username);
    const token = resetToken(await smtp.waitFor(account.username, /Reset your Vitalia password/));

    const reset = await call<{ Token: string; RefreshToken: string }>(
      server,
      'POST',
      '/api/v1/identity/password/reset',
      { body: { Username: account.username, NewPasword: 'remembered at last', Token: token } },
    );
    expect(reset.status).toBe(200);
    expect(
      (await call(server, 'GET', '/api/v1/identity/profile', { token: reset.body.Token })).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', '/api/v1/identity/profile', { token: other.token })).status,
    ).toBe(401);
    expect((await refresh(server, other.refreshToken)).status).toBe(400);
    expect((await signIn(server, account.username, 'remembered at last')).status).toBe(200);
    expect((await signIn(server, account.username, 'the forgotten one')).status).toBe(401);

    const replay = await call(server, 'POST', '/api/v1/identity/password/reset', {
      body: { Username: account.username, NewPasword: 'a third password', Token: token },
    });
    expect(replay.status).toBe(400);
  });

  it("refuses another address's link, an expired link and a weak password, keeping the old password", async () => {
    const owner = await registerAccount(server);
    const stranger = await registerAccount(server);
    await initiate(owner.username, '192.0.2.61');
    const token = resetToken(await smtp.waitFor(owner.username, /Reset your/));

    const wrongAccount = await call(server, 'POST', '/api/v1/identity/password/reset', {
      body: { Username: stranger.username, NewPasword: 'taken over now', Token: token },
    });
    expect(wrongAccount.status).toBe(400);
    expect(wrongAccount.body.errors).toEqual([
      'This reset link is not valid: it has expired, been used, or belongs to another address. Ask for a new one.',
    ]);
    const weak = await call(server, 'POST', '/api/v1/identity/password/reset', {
      body: { Username: owner.username, NewPasword: 'password123', Token: token },
    });
    expect(weak.status).toBe(400);
    expect((weak.body.errors as string[])[0]).toMatch(
      /^NewPasword: is one of the most common passwords/,
    );

    offsetMs = 31 * 60 * 1000;
    try {
      const late = await call(server, 'POST', '/api/v1/identity/password/reset', {
        body: { Username: owner.username, NewPasword: 'a sound new secret', Token: token },
      });
      expect(late.status).toBe(400);
    } finally {
      offsetMs = 0;
    }
    expect((await signIn(server, owner.username, owner.password)).status).toBe(200);
  });

  it('limits requests per address with 429, and per account silently', async () => {
    const account = await registerAccount(server);
    for (let n = 0; n < 3; n += 1) await initiate(account.username, '192.0.2.70');
    const fourth = await initiate(account.username, '192.0.2.70');
    expect(fourth.status).toBe(202);
    const resets = () =>
      smtp.received.filter((m) => m.to.includes(account.username) && /Reset/.test(m.decoded));
    await expect.poll(() => resets().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(resets()).toHaveLength(3);

    const statuses = [];
    for (let n = 0; n < 11; n += 1)
      statuses.push((await initiate(`nobody${n}@example.com`, '192.0.2.71')).status);
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('logs the requests, the mail and the reset, but never the link tokens', async () => {
    const account = await unconfirmedAccount();
    const verifyMail = await smtp.waitFor(account.username, verifySubject);
    const verify = verifyToken(verifyMail);
    const asked = await initiate(account.username, '192.0.2.80');
    const resetMail = await smtp.waitFor(account.username, /Reset your/);
    const token = resetToken(resetMail);
    // Both tokens pass through the server: the reset one in a request line, as the mailed link
    // opens the reset page, and in a body; the verification one in a body.
    const page = await server.request(`/account/reset/${token}`);
    const verified = await call(server, 'POST', '/api/v1/identity/email/verify', {
      body: { token: verify },
    });
    expect(verified.status).toBe(200);
    const reset = await call(server, 'POST', '/api/v1/identity/password/reset', {
      body: { Username: account.username, NewPasword: 'logged but never seen', Token: token },
    });
    expect(reset.status).toBe(200);

    const linesOf = (requestId: string | null) => {
      expect(requestId).toBeTruthy();
      return server.logs.filter((line) => line.reqId === requestId);
    };
    const requestLine = (method: string, url: string) =>
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method, url }),
      });
    expect(linesOf(asked.headers.get('x-request-id'))).toContainEqual(
      requestLine('POST', '/api/v1/identity/password/initiatereset'),
    );
    expect(linesOf(page.headers.get('x-request-id'))).toContainEqual(
      requestLine('GET', '/account/reset/[redacted]'),
    );
    expect(linesOf(reset.headers.get('x-request-id'))).toContainEqual(
      expect.objectContaining({
        security: expect.objectContaining({ event: 'password.reset', userId: account.userId }),
      }),
    );
    const messageId = /^Message-ID: *(<[^>]+>)/im.exec(resetMail.raw)?.[1];
    expect(server.logs).toContainEqual(
      expect.objectContaining({ msg: 'mail sent', mail: { purpose: 'reset-password', messageId } }),
    );

    const logged = JSON.stringify(server.logs);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(verify);
  });
});
