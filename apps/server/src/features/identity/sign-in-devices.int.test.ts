// Lockout without a denial of service (docs/decisions/0009-passwords-and-attempt-limits.md,
// amendment 2026-11-29): device cookies keep the owner in where they signed in before, unknown
// devices are slowed down rather than shut out, and failed client authentication at the token
// endpoint is limited per address. Time moves with the server's clock, never by waiting.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounters } from '../../db/schema/rate-limit.table.ts';
import { signInDevices } from '../../db/schema/identity.table.ts';
import { createTestApp, doctorsAppClient, type TestApp } from '../../test/test-app.ts';
import { EmailLinkService } from './email-links.service.ts';
import { basic, call, registerAccount, signIn, type Account } from './identity.test-helpers.ts';

let server: TestApp;
// The server's clock stands still unless a test moves it: a delay of a second must not pass
// while a slow machine answers the attempts that follow.
const startedAt = Date.now();
let offsetMs = 0;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true }, undefined, {
    clock: () => new Date(startedAt + offsetMs),
  });
});
afterAll(() => server.close());

let addressCounter = 0;
/** A network address no other attempt in this file comes from. */
const freshAddress = () => {
  addressCounter += 1;
  return `203.0.${113 + (addressCounter >> 8)}.${addressCounter & 255}`;
};
const from = (ip: string, cookie?: string) => ({
  'x-forwarded-for': ip,
  ...(cookie ? { cookie } : {}),
});

/** The device cookie a sign-in answer set, as `name=value` to send back. */
function deviceCookieOf(headers: Headers): { pair: string; name: string; value: string } {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('vitalia_device_'));
  expect(line).toBeDefined();
  const pair = line!.split(';')[0]!;
  const [name, value] = pair.split('=') as [string, string];
  return { pair, name, value };
}

async function signInForCookie(account: Account) {
  const answer = await signIn(server, account.username, account.password, from(freshAddress()));
  expect(answer.status).toBe(200);
  return deviceCookieOf(answer.headers);
}

/** Wrong passwords for the account, each from its own address, until the account is slowed. */
async function slowDown(account: Account): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < 11; n += 1) {
    statuses.push(
      (await signIn(server, account.username, `guess ${n}`, from(freshAddress()))).status,
    );
  }
  return statuses;
}

const retryAfterOf = (headers: Headers) => Number(headers.get('retry-after'));

describe('device cookies', () => {
  it('are HttpOnly, SameSite=Strict, for the login call only, long-lived, and name the account', async () => {
    const account = await registerAccount(server);
    const answer = await signIn(server, account.username, account.password, from(freshAddress()));
    const line = answer.headers.getSetCookie().find((c) => c.startsWith('vitalia_device_'))!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\/api\/v1\/identity\/login(;|$)/);
    expect(line).toMatch(/; Max-Age=15552000/);
    // The test site is http://localhost: the cookie must not be Secure there.
    expect(line).not.toMatch(/; Secure/);
    const { value } = deviceCookieOf(answer.headers);
    const [userId, nonce, mac] = value.split('.');
    expect(userId).toBe(account.userId);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the nonce is kept.
    const rows = await server.app.database.db
      .select()
      .from(signInDevices)
      .where(eq(signInDevices.userId, account.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.nonceHash).not.toContain(nonce!);
  });

  it('are Secure when the site is served over https', async () => {
    const https = await createTestApp({ publicUrl: 'https://vitalia.example' });
    try {
      const account = await registerAccount(https);
      const answer = await signIn(https, account.username, account.password);
      expect(answer.status).toBe(200);
      const line = answer.headers.getSetCookie().find((c) => c.startsWith('vitalia_device_'));
      expect(line).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });

  it('keep the owner in after twenty and more failures from other addresses', async () => {
    const account = await registerAccount(server);
    const device = await signInForCookie(account);
    const statuses: number[] = [];
    for (let stranger = 0; stranger < 5; stranger += 1) {
      const ip = freshAddress();
      for (let n = 0; n < 5; n += 1)
        statuses.push((await signIn(server, account.username, `guess ${n}`, from(ip))).status);
    }
    // Ten failures go through at once, the eleventh closes the gate for a second, and the clock
    // has not moved since.
    expect(statuses.filter((status) => status === 401)).toHaveLength(11);
    expect(statuses.slice(11).every((status) => status === 429)).toBe(true);

    // The owner's browser, even from an address it never used, is let in.
    const owner = await signIn(
      server,
      account.username,
      account.password,
      from(freshAddress(), device.pair),
    );
    expect(owner.status).toBe(200);
    expect(owner.body.token).toBeTruthy();
    // Its cookie is renewed, not replaced.
    expect(deviceCookieOf(owner.headers).value).toBe(device.value);
  });

  it('slow unknown devices down, 1 s, 2 s, 4 s... up to 10 minutes, instead of shutting them out', async () => {
    const account = await registerAccount(server);
    expect(await slowDown(account)).toEqual(Array.from({ length: 11 }, () => 401));
    const owner = await signIn(server, account.username, account.password, from(freshAddress()));
    expect(owner.status).toBe(429);
    expect(retryAfterOf(owner.headers)).toBe(1);
    expect(owner.body.errors).toEqual([
      'Too many failed sign-ins to this account from devices it has not signed in on. Please wait 1 second and try again. Signing in on a device you have signed in on before still works, or you can reset your password with “Forgot your password?”.',
    ]);

    const waits: number[] = [];
    try {
      for (let n = 0; n < 13; n += 1) {
        const refused = await signIn(
          server,
          account.username,
          'another guess',
          from(freshAddress()),
        );
        expect(refused.status).toBe(429);
        waits.push(retryAfterOf(refused.headers));
        offsetMs += retryAfterOf(refused.headers) * 1000;
        const taken = await signIn(server, account.username, 'another guess', from(freshAddress()));
        expect(taken.status).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600]);
      const capped = await signIn(server, account.username, account.password, from(freshAddress()));
      expect(capped.status).toBe(429);
      expect(capped.body.errors?.[0]).toMatch(/Please wait 10 minutes and try again\./);

      // Once the delay has passed, the right password from a new device signs in.
      offsetMs += 600_000;
      const later = await signIn(server, account.username, account.password, from(freshAddress()));
      expect(later.status).toBe(200);
      deviceCookieOf(later.headers);
    } finally {
      offsetMs = 0;
    }
  });

  it('take guesses sent together one at a time once the account is slowed', async () => {
    const account = await registerAccount(server);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signIn(server, account.username, `burst ${n}`, from(freshAddress())),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array.from({ length: 11 }, () => 401),
      ...Array.from({ length: 9 }, () => 429),
    ]);
  });

  it('keep the address rules for unknown devices: five failures from one address shut that pair', async () => {
    const account = await registerAccount(server);
    const ip = freshAddress();
    for (let n = 0; n < 5; n += 1) {
      expect((await signIn(server, account.username, `guess ${n}`, from(ip))).status).toBe(401);
    }
    const limited = await signIn(server, account.username, account.password, from(ip));
    expect(limited.status).toBe(429);
    expect(retryAfterOf(limited.headers)).toBeGreaterThan(800);
    // A device that signed in before is not held by its address's failures.
    const device = await signInForCookie(account);
    expect(
      (await signIn(server, account.username, account.password, from(ip, device.pair))).status,
    ).toBe(200);
  });

  it('are treated as unknown devices when forged or altered', async () => {
    const account = await registerAccount(server);
    const device = await signInForCookie(account);
    await slowDown(account);
    const [userId, nonce, mac] = device.value.split('.') as [string, string, string];
    const flip = (text: string) => `${text[0] === 'A' ? 'B' : 'A'}${text.slice(1)}`;
    const forged = [
      `${userId}.${flip(nonce)}.${mac}`,
      `${userId}.${nonce}.${flip(mac)}`,
      `${userId}.${nonce}`,
      `${userId}.${nonce}.${mac}.extra`,
      `${account.userId.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}.${nonce}.${mac}`,
      'not-a-device-cookie',
    ];
    for (const value of forged) {
      const answer = await signIn(
        server,
        account.username,
        account.password,
        from(freshAddress(), `${device.name}=${value}`),
      );
      expect(answer.status).toBe(429);
    }
    // A signed cookie whose nonce the server never issued is no better.
    await server.app.database.db
      .delete(signInDevices)
      .where(eq(signInDevices.userId, account.userId));
    const forgotten = await signIn(
      server,
      account.username,
      account.password,
      from(freshAddress(), device.pair),
    );
    expect(forgotten.status).toBe(429);
  });

  it('for one account do not help on another', async () => {
    const mine = await registerAccount(server);
    const theirs = await registerAccount(server);
    const myDevice = await signInForCookie(mine);
    // Their cookie's name, from a browser of theirs that is not the one signing in below.
    const theirName = (await signInForCookie(theirs)).name;
    await slowDown(theirs);
    // Sent as the browser would (under its own name), and under the other account's name.
    for (const cookie of [myDevice.pair, `${theirName}=${myDevice.value}`]) {
      const answer = await signIn(
        server,
        theirs.username,
        theirs.password,
        from(freshAddress(), cookie),
      );
      expect(answer.status).toBe(429);
    }
  });

  it('stop being honoured after a password change', async () => {
    const account = await registerAccount(server);
    const device = await signInForCookie(account);
    const changed = await call(server, 'PUT', '/api/v1/identity/password/change', {
      token: account.token,
      body: { oldPassword: account.password, newPassword: 'a brand new passphrase 9' },
    });
    expect(changed.status).toBe(200);
    await slowDown(account);
    const answer = await signIn(
      server,
      account.username,
      'a brand new passphrase 9',
      from(freshAddress(), device.pair),
    );
    expect(answer.status).toBe(429);
  });

  it('are issued by a password reset, and the ones from before it stop working', async () => {
    const account = await registerAccount(server);
    const before = await signInForCookie(account);
    const token = await new EmailLinkService(server.app.database.db, () => new Date()).issue(
      account.userId,
      'reset_password',
    );
    const reset = await call(server, 'POST', '/api/v1/identity/password/reset', {
      body: { Username: account.username, NewPasword: 'reset and remembered 7', Token: token },
      headers: from(freshAddress()),
    });
    expect(reset.status).toBe(200);
    const after = deviceCookieOf(reset.headers);
    await slowDown(account);
    const old = await signIn(
      server,
      account.username,
      'reset and remembered 7',
      from(freshAddress(), before.pair),
    );
    expect(old.status).toBe(429);
    const fresh = await signIn(
      server,
      account.username,
      'reset and remembered 7',
      from(freshAddress(), after.pair),
    );
    expect(fresh.status).toBe(200);
  });

  it('are kept for the five devices used last', async () => {
    const account = await registerAccount(server);
    const devices = [];
    try {
      for (let n = 0; n < 6; n += 1) {
        devices.push(await signInForCookie(account));
        offsetMs += 1000;
      }
    } finally {
      offsetMs = 0;
    }
    const rows = await server.app.database.db
      .select()
      .from(signInDevices)
      .where(eq(signInDevices.userId, account.userId));
    expect(rows).toHaveLength(5);
    await slowDown(account);
    const oldest = await signIn(
      server,
      account.username,
      account.password,
      from(freshAddress(), devices[0]!.pair),
    );
    expect(oldest.status).toBe(429);
    const newest = await signIn(
      server,
      account.username,
      account.password,
      from(freshAddress(), devices[5]!.pair),
    );
    expect(newest.status).toBe(200);
  });

  it('shut out only the device that fails too often', async () => {
    const account = await registerAccount(server);
    const guessing = await signInForCookie(account);
    const other = await signInForCookie(account);
    const ip = freshAddress();
    for (let n = 0; n < 10; n += 1) {
      const wrong = await signIn(server, account.username, `guess ${n}`, from(ip, guessing.pair));
      expect(wrong.status).toBe(401);
    }
    const locked = await signIn(
      server,
      account.username,
      account.password,
      from(ip, guessing.pair),
    );
    expect(locked.status).toBe(429);
    expect(locked.body.errors?.[0]).toMatch(
      /^Too many failed sign-ins on this device\. Please wait 15 minutes and try again, or reset your password/,
    );
    expect(retryAfterOf(locked.headers)).toBeGreaterThan(800);
    // The owner's other device, and unknown devices, were not counted.
    expect(
      (await signIn(server, account.username, account.password, from(ip, other.pair))).status,
    ).toBe(200);
    expect(
      (await signIn(server, account.username, account.password, from(freshAddress()))).status,
    ).toBe(200);
    const counters = await server.app.database.db.select().from(attemptCounters);
    expect(counters.some((row) => row.key.startsWith('sign-in:unknown-devices:'))).toBe(true);
  });
});

describe('the token endpoint', () => {
  const mobile = basic(doctorsAppClient.id, doctorsAppClient.secret);
  const passwordGrant = (username: string, password: string, ip: string, deviceToken?: string) =>
    server.request('/o/token/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: mobile,
        'x-forwarded-for': ip,
      },
      body: new URLSearchParams({
        grant_type: 'password',
        username,
        password,
        ...(deviceToken === undefined ? {} : { device_token: deviceToken }),
      }),
    });

  it('slows the password grant down as an unknown device, while the owner’s browser signs in', async () => {
    const account = await registerAccount(server);
    const device = await signInForCookie(account);
    await slowDown(account);
    const granted = await passwordGrant(account.username, account.password, freshAddress());
    expect(granted.status).toBe(429);
    expect(Number(granted.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await granted.json()).toMatchObject({
      error: 'invalid_grant',
      details: [expect.objectContaining({ code: 'TOO_MANY_ATTEMPTS' })],
    });
    expect(
      (await signIn(server, account.username, account.password, from(freshAddress(), device.pair)))
        .status,
    ).toBe(200);
  });

  it('gives the doctors’ app a device_token when it asks, and honours it as a device cookie', async () => {
    const account = await registerAccount(server);
    const plain = await passwordGrant(account.username, account.password, freshAddress());
    expect(plain.status).toBe(200);
    expect((await plain.json()) as object).not.toHaveProperty('device_token');
    const asked = await passwordGrant(account.username, account.password, freshAddress(), '');
    expect(asked.status).toBe(200);
    const { device_token: token } = (await asked.json()) as { device_token: string };
    expect(token.split('.')[0]).toBe(account.userId);

    const other = await registerAccount(server);
    const othersToken = (await (
      await passwordGrant(other.username, other.password, freshAddress(), '')
    ).json()) as { device_token: string };
    await slowDown(account);
    // A token of another account, or an altered one, is no proof.
    const [userId, nonce, mac] = token.split('.') as [string, string, string];
    const altered = `${userId}.${nonce}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const wrong of [othersToken.device_token, altered]) {
      expect(
        (await passwordGrant(account.username, account.password, freshAddress(), wrong)).status,
      ).toBe(429);
    }
    const proven = await passwordGrant(account.username, account.password, freshAddress(), token);
    expect(proven.status).toBe(200);
    // The same token, renewed.
    expect(((await proven.json()) as { device_token: string }).device_token).toBe(token);
  });

  it('limits failed client authentication per address: 20 in 15 minutes, then 429', async () => {
    const account = await registerAccount(server);
    const ip = freshAddress();
    const tokenCall = (authorization: string, address = ip) =>
      server.request('/o/token/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization,
          'x-forwarded-for': address,
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'none' }),
      });
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        tokenCall(basic(doctorsAppClient.id, `guess ${n}`)).then((answer) => answer.status),
      ),
    );
    expect(answers.sort()).toEqual([
      ...Array.from({ length: 20 }, () => 401),
      ...Array.from({ length: 5 }, () => 429),
    ]);
    // Even the right secret waits out the window from that address.
    const right = await tokenCall(mobile);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await right.json()).toMatchObject({
      error: 'invalid_client',
      errors: [
        'Too many failed client authentications from this address. Please wait 15 minutes and try again.',
      ],
      details: [expect.objectContaining({ code: 'TOO_MANY_ATTEMPTS' })],
    });
    // Revocation authenticates the client the same way, and is limited the same way.
    const revoke = await server.request('/o/revoke_token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: mobile,
        'x-forwarded-for': ip,
      },
      body: new URLSearchParams({ token: 'none' }),
    });
    expect(revoke.status).toBe(429);
    // Another address is not held, and the web app's public client is never counted.
    expect((await tokenCall(mobile, freshAddress())).status).toBe(400);
    const web = await server.request('/o/token/', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('vitalia-web', ''),
        'x-forwarded-for': ip,
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: account.refreshToken,
      }),
    });
    expect(web.status).toBe(200);
  });

  it('hands back a right secret: a working app is never held by its own sign-ins', async () => {
    const ip = freshAddress();
    for (let n = 0; n < 25; n += 1) {
      const answer = await server.request('/o/token/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: mobile,
          'x-forwarded-for': ip,
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'none' }),
      });
      expect(answer.status).toBe(400);
    }
  });
});
