import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes as recoveryCodeTable } from '../../db/schema/identity.table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.ts';
import { call, registerAccount, type Account } from './identity.test-helpers.ts';

let server: TestApp;
let smtp: SmtpPeer;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await createTestApp({ trustProxy: true, smtpUrl: smtp.url }, undefined, {
    clock: () => new Date(now()),
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** The code an authenticator app shows for this key, `steps` periods from the server's now. */
function codeFor(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now() + steps * 30_000 });
}

/**
 * Moves the clock to the start of the next 30-second step (a second into it), so a new code
 * exists and the test's calls finish well inside the step: a code made near a step's end could be
 * checked in the next step, one step nearer, and the drift checks would flake.
 */
function nextStep(): void {
  const at = now();
  offsetMs += Math.floor(at / 30_000) * 30_000 + 30_000 + 1_000 - at;
}

async function switchOn(account: Account): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call<{ secret: string; otpauthUrl: string; qrCode: string }>(
    server,
    'POST',
    '/api/v1/identity/mfa/totp/setup',
    { body: { password: account.password }, token: account.token },
  );
  expect(setup.status).toBe(200);
  const enable = await call<{ recoveryCodes: string[] }>(
    server,
    'POST',
    '/api/v1/identity/mfa/totp/enable',
    {
      body: { code: codeFor(setup.body.secret) },
      token: account.token,
    },
  );
  expect(enable.status).toBe(200);
  nextStep();
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

const challengeCookieOf = (headers: Headers) =>
  headers.getSetCookie().find((line) => line.startsWith('vitalia_mfa=')) ?? '';

/** The password step: answers '2FA' and the challenge cookie. */
async function passwordStep(account: Account): Promise<string> {
  const response = await server.request('/api/v1/identity/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: account.username, password: account.password }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ token: '2FA', refreshToken: '' });
  // The challenge cookie; a device cookie waits for the second step (sign-in-devices.ts).
  const cookie = challengeCookieOf(response.headers);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  expect(cookie).toMatch(/Path=\/api\/v1\/identity\/token\/verify/);
  return cookie.split(';')[0]!;
}

const verify = (account: Account, code: string, cookie?: string) =>
  call<{ token: string; refreshToken: string; errors?: string[] }>(
    server,
    'POST',
    '/api/v1/identity/token/verify',
    { body: { Username: account.username, Token: code }, headers: cookie ? { cookie } : {} },
  );

describe('switching two-factor sign-in on', () => {
  it('offers a key as text and as a QR code, and needs the password again', async () => {
    const account = await registerAccount(server);
    const wrong = await call(server, 'POST', '/api/v1/identity/mfa/totp/setup', {
      body: { password: 'not mine' },
      token: account.token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['password: is not your current password.']);

    const setup = await call<{ secret: string; otpauthUrl: string; qrCode: string }>(
      server,
      'POST',
      '/api/v1/identity/mfa/totp/setup',
      { body: { password: account.password }, token: account.token },
    );
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Vitalia:.*secret=[A-Z2-7]{32}/);
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not on until a code confirms it.
    const profile = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    expect(profile.body.twoFactorEnabled).toBe(false);
    const badCode = await call(server, 'POST', '/api/v1/identity/mfa/totp/enable', {
      body: { code: '000000' },
      token: account.token,
    });
    expect(badCode.status).toBe(400);
    const notDigits = await call(server, 'POST', '/api/v1/identity/mfa/totp/enable', {
      body: { code: 'abc' },
      token: account.token,
    });
    expect(notDigits.body.errors).toEqual([
      'code: must be the 6 digits your authenticator app shows',
    ]);

    const enable = await call<{ recoveryCodes: string[] }>(
      server,
      'POST',
      '/api/v1/identity/mfa/totp/enable',
      {
        body: { code: codeFor(setup.body.secret) },
        token: account.token,
      },
    );
    expect(enable.status).toBe(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enable.body.recoveryCodes).size).toBe(10);
    expect(enable.body.recoveryCodes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(
      true,
    );
    const after = await call(server, 'GET', '/api/v1/identity/profile', { token: account.token });
    expect(after.body.twoFactorEnabled).toBe(true);
  });
});

describe('signing in with two-factor on', () => {
  it('answers 2FA, then a session for the right code bound to that password step', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    const cookie = await passwordStep(account);
    const result = await verify(account, codeFor(secret), cookie);
    expect(result.status).toBe(200);
    expect(
      (await call(server, 'GET', '/api/v1/identity/profile', { token: result.body.token })).status,
    ).toBe(200);
  });

  it('hands out a device cookie only once the code is right, keeping the one the password step proved', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    const setCookies = (headers: Headers, name: string) =>
      headers.getSetCookie().filter((line) => line.startsWith(name));
    const login = (cookie?: string) =>
      server.request('/api/v1/identity/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ Username: account.username, password: account.password }),
      });
    const pairOf = (line: string | undefined) => line!.split(';')[0]!;

    // Whoever has only the password gets no device, however often: the owner's are not pushed out.
    for (let n = 0; n < 6; n += 1) {
      const step = await login();
      expect(setCookies(step.headers, 'vitalia_device_')).toEqual([]);
    }
    const first = await login();
    const passed = await verify(account, codeFor(secret), pairOf(challengeCookieOf(first.headers)));
    expect(passed.status).toBe(200);
    const device = setCookies(passed.headers, 'vitalia_device_')[0];
    expect(device).toMatch(/Path=\/api\/v1\/identity\/login/);
    expect(device).toMatch(/HttpOnly/);

    // The next sign-in on that device: the password step carries it to the second step, which
    // renews the same device rather than adding one.
    nextStep();
    const again = await login(pairOf(device));
    expect(setCookies(again.headers, 'vitalia_device_')).toEqual([]);
    const carried = setCookies(again.headers, 'vitalia_mfa_device=')[0];
    expect(carried).toMatch(/Path=\/api\/v1\/identity\/token\/verify/);
    const renewed = await verify(
      account,
      codeFor(secret),
      `${pairOf(challengeCookieOf(again.headers))}; ${pairOf(carried)}`,
    );
    expect(renewed.status).toBe(200);
    expect(pairOf(setCookies(renewed.headers, 'vitalia_device_')[0])).toBe(pairOf(device));
  });

  it("refuses a code without the password step's cookie, or for another account: 'Token not Valid'", async () => {
    const account = await registerAccount(server);
    const other = await registerAccount(server);
    const { secret } = await switchOn(account);
    await switchOn(other);
    const noCookie = await verify(account, codeFor(secret));
    expect(noCookie.status).toBe(401);
    expect(noCookie.body.errors).toEqual(['Token not Valid']);
    // A challenge opened by another account's password does not let this account in.
    const othersCookie = await passwordStep(other);
    expect((await verify(account, codeFor(secret), othersCookie)).status).toBe(401);
  });

  it('accepts one step of drift either way, not two', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    // One step past the one the confirmation used, so the step before now is still unused.
    nextStep();
    expect((await verify(account, codeFor(secret, -2), await passwordStep(account))).status).toBe(
      401,
    );
    expect((await verify(account, codeFor(secret, 2), await passwordStep(account))).status).toBe(
      401,
    );
    expect((await verify(account, codeFor(secret, -1), await passwordStep(account))).status).toBe(
      200,
    );
    nextStep();
    nextStep();
    expect((await verify(account, codeFor(secret, 1), await passwordStep(account))).status).toBe(
      200,
    );
  });

  it('never accepts a time step twice, even in a new sign-in', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    const code = codeFor(secret);
    expect((await verify(account, code, await passwordStep(account))).status).toBe(200);
    expect((await verify(account, code, await passwordStep(account))).status).toBe(401);
  });

  it('allows five tries per password step, then needs the password again', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    const cookie = await passwordStep(account);
    for (let n = 0; n < 5; n += 1)
      expect((await verify(account, '123456', cookie)).status).toBe(401);
    expect((await verify(account, codeFor(secret), cookie)).status).toBe(401);
    expect((await verify(account, codeFor(secret), await passwordStep(account))).status).toBe(200);
  });

  it('bounds guesses at codes across new password steps: ten an account, then 429', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    for (let step = 0; step < 2; step += 1) {
      const cookie = await passwordStep(account);
      for (let n = 0; n < 5; n += 1)
        expect((await verify(account, '123456', cookie)).status).toBe(401);
    }
    const limited = await verify(account, codeFor(secret), await passwordStep(account));
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toEqual([
      'Too many wrong codes. Please wait 15 minutes and try again.',
    ]);
  });

  it('expires the password step after five minutes', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    const cookie = await passwordStep(account);
    offsetMs += 5 * 60 * 1000 + 1000;
    expect((await verify(account, codeFor(secret), cookie)).status).toBe(401);
  });

  it('takes each recovery code once, typed in any case and with or without the dash', async () => {
    const account = await registerAccount(server);
    const { recoveryCodes } = await switchOn(account);
    const [first, second] = recoveryCodes as [string, string];
    expect((await verify(account, first.toUpperCase(), await passwordStep(account))).status).toBe(
      200,
    );
    expect((await verify(account, first, await passwordStep(account))).status).toBe(401);
    expect(
      (await verify(account, second.replace('-', ''), await passwordStep(account))).status,
    ).toBe(200);
  });

  it('keeps recovery codes under a keyed hash, never a bare SHA-256 of the code', async () => {
    const account = await registerAccount(server);
    const { recoveryCodes } = await switchOn(account);
    const stored = await server.app.database.db
      .select({ codeHash: recoveryCodeTable.codeHash })
      .from(recoveryCodeTable)
      .where(eq(recoveryCodeTable.userId, account.userId));
    expect(stored).toHaveLength(10);
    const bare = new Set(
      recoveryCodes.map((code) =>
        crypto.createHash('sha256').update(code.replace('-', '')).digest('hex'),
      ),
    );
    for (const { codeHash } of stored) {
      expect(bare.has(codeHash)).toBe(false);
      expect(codeHash).not.toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('gives exactly one session to two concurrent verifications of one challenge', async () => {
    const account = await registerAccount(server);
    const { secret, recoveryCodes } = await switchOn(account);
    const cookie = await passwordStep(account);
    const results = await Promise.all([
      verify(account, codeFor(secret), cookie),
      verify(account, recoveryCodes[0]!, cookie),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
  });

  it('stays on after a password reset, which then asks for the code too', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    await call(server, 'POST', '/api/v1/identity/password/initiatereset', {
      body: { Username: account.username },
    });
    const mail = await smtp.waitFor(account.username, /Reset your Vitalia password/);
    const token = /\/account\/reset\/([A-Za-z0-9_-]{43})/.exec(mail.decoded)![1]!;
    const response = await server.request('/api/v1/identity/password/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Username: account.username,
        NewPasword: 'after the reset 1',
        Token: token,
      }),
    });
    expect(await response.json()).toEqual({ Token: '2FA', RefreshToken: '' });
    const cookie = challengeCookieOf(response.headers).split(';')[0]!;
    expect((await verify(account, codeFor(secret), cookie)).status).toBe(200);
  });
});

describe('switching two-factor sign-in off', () => {
  it('needs the password and a code; then sign-in is one step again', async () => {
    const account = await registerAccount(server);
    const { secret } = await switchOn(account);
    const withoutCode = await call(server, 'POST', '/api/v1/identity/mfa/totp/disable', {
      body: { password: account.password, code: '000000' },
      token: account.token,
    });
    expect(withoutCode.status).toBe(400);
    const withoutPassword = await call(server, 'POST', '/api/v1/identity/mfa/totp/disable', {
      body: { password: 'wrong one', code: codeFor(secret) },
      token: account.token,
    });
    expect(withoutPassword.status).toBe(400);
    nextStep();
    const off = await call(server, 'POST', '/api/v1/identity/mfa/totp/disable', {
      body: { password: account.password, code: codeFor(secret) },
      token: account.token,
    });
    expect(off.status).toBe(204);
    const login = await call(server, 'POST', '/api/v1/identity/login', {
      body: { Username: account.username, password: account.password },
    });
    expect(login.body.token).not.toBe('2FA');
  });
});
