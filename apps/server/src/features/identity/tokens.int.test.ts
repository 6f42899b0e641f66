import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity.table.ts';
import { createTestApp, doctorsAppClient, type TestApp } from '../../test/test-app.ts';
import {
  basic,
  call,
  claimsOf,
  refresh,
  registerAccount,
  signIn,
} from './identity.test-helpers.ts';

let server: TestApp;
let offsetMs = 0;
const day = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true }, undefined, {
    clock: () => new Date(Date.now() + offsetMs),
  });
});
afterAll(() => server.close());

const profileStatus = async (token: string) =>
  (await call(server, 'GET', '/api/v1/identity/profile', { token })).status;

describe('access tokens', () => {
  it('are HS256 JWTs with sub, role, username and a 15-minute life', async () => {
    const account = await registerAccount(server);
    const header = JSON.parse(
      Buffer.from(account.token.split('.')[0]!, 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    expect(header.alg).toBe('HS256');
    const claims = claimsOf(account.token) as { exp: number; iat: number };
    expect(claims).toMatchObject({ sub: account.userId, role: 'USER', username: account.username });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it("refuse a token whose algorithm is 'none'", async () => {
    const account = await registerAccount(server);
    const [, payload] = account.token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect(await profileStatus(unsigned)).toBe(401);
  });

  it('refuse a token signed with another key, or one that has expired', async () => {
    const account = await registerAccount(server);
    const claims = claimsOf(account.token);
    const forge = (secret: string, expiresAt: number) =>
      new SignJWT({ role: 'ADMIN', username: claims.username, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(account.userId)
        .setIssuer('vitalia')
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(new TextEncoder().encode(secret));
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(
      await profileStatus(await forge('a different secret of plenty length!!', inAnHour)),
    ).toBe(401);
    const expired = await forge(server.config.jwtSecret!, Math.floor(Date.now() / 1000) - 10);
    expect(await profileStatus(expired)).toBe(401);
    expect(await profileStatus(account.token)).toBe(200);
  });

  it('refuse a token with our key that never expires', async () => {
    const account = await registerAccount(server);
    const claims = claimsOf(account.token);
    const forever = await new SignJWT({
      role: claims.role,
      username: claims.username,
      sid: claims.sid,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.userId)
      .setIssuer('vitalia')
      .setIssuedAt()
      .sign(new TextEncoder().encode(server.config.jwtSecret!));
    expect(await profileStatus(forever)).toBe(401);
  });
});

describe('the token endpoint, /o/token/', () => {
  it('swaps a refresh token for a new pair, with a form body and the web client', async () => {
    const account = await registerAccount(server);
    const { status, body, headers } = await refresh(server, account.refreshToken);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.refresh_token).not.toBe(account.refreshToken);
    expect(claimsOf(body.access_token)).toMatchObject({ sub: account.userId });
    expect(await profileStatus(body.access_token)).toBe(200);
  });

  it('takes a JSON body and a confidential client with its secret', async () => {
    const account = await registerAccount(server);
    const { status, body } = await call<{ refresh_token: string }>(server, 'POST', '/o/token/', {
      body: { grant_type: 'refresh_token', refresh_token: account.refreshToken },
      headers: { authorization: basic('vitalia-mobile', 'mobile-client-secret-for-tests') },
    });
    expect(status).toBe(200);
    expect(body.refresh_token).toBeTruthy();
  });

  it('keeps a session to the client that refreshed it first (RFC 6749 section 6)', async () => {
    const account = await registerAccount(server);
    const mobile = basic('vitalia-mobile', 'mobile-client-secret-for-tests');
    const first = await refresh(server, account.refreshToken, mobile);
    expect(first.status).toBe(200);
    // The doctors' app's token, presented by the web client, is refused and not used up.
    const asWeb = await refresh(server, first.body.refresh_token);
    expect(asWeb.status).toBe(400);
    expect(asWeb.body.error).toBe('invalid_grant');
    const again = await refresh(server, first.body.refresh_token, mobile);
    expect(again.status).toBe(200);
    expect(await profileStatus(again.body.access_token)).toBe(200);
  });

  it('refuses an unknown client or a wrong secret with invalid_client', async () => {
    const account = await registerAccount(server);
    for (const authorization of [
      basic('vitalia-mobile', 'not the secret'),
      basic('someone-else', ''),
      basic('vitalia-web', 'secrets are for confidential clients'),
    ]) {
      const { status, body, headers } = await refresh(server, account.refreshToken, authorization);
      expect(status).toBe(401);
      expect(body.error).toBe('invalid_client');
      expect(headers.get('www-authenticate')).toMatch(/^Basic/);
    }
    const none = await server.request('/o/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${account.refreshToken}`,
    });
    expect(none.status).toBe(401);
    // None of those used the token up.
    expect((await refresh(server, account.refreshToken)).status).toBe(200);
  });

  it('answers RFC 6749 errors for a missing or unsupported grant', async () => {
    const post = (body: string) =>
      server.request('/o/token/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic('vitalia-web', ''),
        },
        body,
      });
    const credentials = await post('grant_type=client_credentials');
    expect(credentials.status).toBe(400);
    expect(await credentials.json()).toMatchObject({ error: 'unsupported_grant_type' });
    // The web app is a public client: it signs in with the login call, not the password grant.
    const password = await post('grant_type=password&username=a&password=b');
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unauthorized_client' });
    const missing = await post('grant_type=refresh_token');
    expect(await missing.json()).toMatchObject({
      error: 'invalid_request',
      errors: ['refresh_token is required.'],
    });
    const made = await post('refresh_token=made-up');
    expect(await made.json()).toMatchObject({ error: 'invalid_request' });
    const unknown = await refresh(server, 'a-token-nobody-issued');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('invalid_grant');
  });

  it('answers invalid_request, not a 500, to a body that is not JSON or has a field of the wrong type', async () => {
    const post = (contentType: string, body: string) =>
      server.request('/o/token/', {
        method: 'POST',
        headers: { 'content-type': contentType, authorization: basic('vitalia-web', '') },
        body,
      });
    const answers = [
      await post('application/json', '{"grant_type": "refresh_token",'),
      await post('application/json', '{"grant_type": 42}'),
      await post('application/x-www-form-urlencoded', `grant_type=${'x'.repeat(65)}`),
      await post(
        'application/x-www-form-urlencoded',
        'grant_type=refresh_token&refresh_token=a%00b',
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const body = (await answer.json()) as { error: string; errors: string[] };
      expect(body.error).toBe('invalid_request');
      expect(body.errors[0]).toBeTruthy();
    }
  });

  it('treats a used refresh token presented again as theft and ends the whole session', async () => {
    const account = await registerAccount(server);
    const first = await refresh(server, account.refreshToken);
    expect(first.status).toBe(200);

    const replay = await refresh(server, account.refreshToken);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');

    // The thief's replay also ended the rightful holder's newer tokens of that session.
    expect((await refresh(server, first.body.refresh_token)).status).toBe(400);
    expect(await profileStatus(first.body.access_token)).toBe(401);
    expect(
      server.logs.some(
        (line) =>
          (line.security as { event?: string; userId?: string } | undefined)?.event ===
            'refresh.reuse_detected' &&
          (line.security as { userId?: string }).userId === account.userId,
      ),
    ).toBe(true);
    // Signing in again starts a fresh session.
    expect((await signIn(server, account.username, account.password)).status).toBe(200);
  });

  it('lets an unused refresh token lapse after 30 days', async () => {
    const account = await registerAccount(server);
    const kept = await refresh(server, account.refreshToken);
    expect(kept.status).toBe(200);
    offsetMs = 29 * day;
    try {
      const inTime = await refresh(server, kept.body.refresh_token);
      expect(inTime.status).toBe(200);
      offsetMs += 30 * day + 60_000;
      const late = await refresh(server, inTime.body.refresh_token);
      expect(late.status).toBe(400);
      expect(late.body.error).toBe('invalid_grant');
    } finally {
      offsetMs = 0;
    }
  });

  it('ends a session 90 days after sign-in, however often it was refreshed', async () => {
    const account = await registerAccount(server);
    let token = account.refreshToken;
    try {
      for (const daysLater of [25, 50, 75, 89]) {
        offsetMs = daysLater * day;
        const renewed = await refresh(server, token);
        expect(renewed.status, `refresh on day ${daysLater}`).toBe(200);
        token = renewed.body.refresh_token;
      }
      offsetMs = 90 * day + 60_000;
      const ended = await refresh(server, token);
      expect(ended.status).toBe(400);
      expect(ended.body.error).toBe('invalid_grant');
    } finally {
      offsetMs = 0;
    }
  });

  it('gives exactly one success to two concurrent refreshes with one token', async () => {
    // Repeated, because the race it guards against (the loser ending the session between the
    // winner's claim and its answer) shows only in some interleavings on PostgreSQL.
    for (let round = 0; round < 8; round += 1) {
      const account = await registerAccount(server);
      const results = await Promise.all([
        refresh(server, account.refreshToken),
        refresh(server, account.refreshToken),
      ]);
      expect(results.map((result) => result.status).sort(), `round ${round}`).toEqual([200, 400]);
    }
  });

  it('never writes refresh tokens in clear: only their hashes are stored', async () => {
    const account = await registerAccount(server);
    const result = (await server.app.database.db.execute(
      'select token_hash from refresh_tokens' as never,
    )) as unknown as { rows: Array<{ token_hash: string }> };
    const stored = result.rows.map((row) => row.token_hash);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain(account.refreshToken);
    expect(stored.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
  });
});

describe('signing out', () => {
  it('revokes the session: its refresh token and access token stop working', async () => {
    const account = await registerAccount(server);
    const other = (await signIn(server, account.username, account.password)).body;
    const { status } = await call(server, 'POST', '/api/v1/identity/logout', {
      body: { refreshToken: account.refreshToken },
    });
    expect(status).toBe(204);
    expect((await refresh(server, account.refreshToken)).status).toBe(400);
    expect(await profileStatus(account.token)).toBe(401);
    // Another device's session goes on.
    expect(await profileStatus(other.token)).toBe(200);
  });

  it('answers the same for a token it does not know, and refuses a missing one', async () => {
    expect(
      (await call(server, 'POST', '/api/v1/identity/logout', { body: { refreshToken: 'unknown' } }))
        .status,
    ).toBe(204);
    const missing = await call(server, 'POST', '/api/v1/identity/logout', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(['refreshToken: is required']);
  });
});

const mobile = basic(doctorsAppClient.id, doctorsAppClient.secret);

/** A form post to an OAuth endpoint, answered as status, JSON body (or null) and headers. */
async function form(
  path: '/o/token/' | '/o/revoke_token' | '/o/revoke_token/',
  fields: Record<string, string>,
  { authorization, address }: { authorization?: string; address?: string } = {},
) {
  const response = await server.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
    },
    body: new URLSearchParams(fields),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as {
      access_token: string;
      refresh_token: string;
      error?: string;
      errors?: string[];
      details?: Array<{ code: string }>;
    },
  };
}

const passwordGrant = (
  account: { username: string; password: string },
  options: { authorization?: string; address?: string } = { authorization: mobile },
) =>
  form(
    '/o/token/',
    { grant_type: 'password', username: account.username, password: account.password },
    options,
  );

describe('the password grant, for confidential clients (RFC 6749 section 4.3)', () => {
  it('signs in the doctors’ app: its session and tokens belong to it from the start', async () => {
    const account = await registerAccount(server);
    const { status, body, headers } = await passwordGrant(account);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(claimsOf(body.access_token)).toMatchObject({
      sub: account.userId,
      client_id: doctorsAppClient.id,
    });
    expect(await profileStatus(body.access_token)).toBe(200);
    const listed = await call<{ sessions: Array<{ current: boolean; client: string | null }> }>(
      server,
      'GET',
      '/api/v1/identity/sessions',
      { token: body.access_token },
    );
    expect(listed.body.sessions.find((each) => each.current)?.client).toBe(doctorsAppClient.id);
    // Only its client may refresh it, and the next token names the client too.
    expect((await refresh(server, body.refresh_token)).body.error).toBe('invalid_grant');
    const next = await refresh(server, body.refresh_token, mobile);
    expect(next.status).toBe(200);
    expect(claimsOf(next.body.access_token).client_id).toBe(doctorsAppClient.id);
  });

  it('leaves the login call’s tokens without a client until a client refreshes them', async () => {
    const account = await registerAccount(server);
    expect(claimsOf(account.token)).not.toHaveProperty('client_id');
    const asWeb = await refresh(server, account.refreshToken);
    expect(claimsOf(asWeb.body.access_token).client_id).toBe('vitalia-web');
  });

  it('refuses missing fields, wrong credentials and a wrong client in RFC 6749 words', async () => {
    const account = await registerAccount(server);
    const address = '198.51.100.20';
    const missing = await form(
      '/o/token/',
      { grant_type: 'password', username: account.username },
      { authorization: mobile, address },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'invalid_request',
      errors: ['password is required.'],
    });
    const wrong = await passwordGrant(
      { username: account.username, password: 'not the password' },
      { authorization: mobile, address },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: 'invalid_grant',
      errors: ['Email address or password is wrong.'],
      details: [expect.objectContaining({ code: 'WRONG_CREDENTIALS' })],
    });
    const nobody = await passwordGrant(
      { username: 'nobody@example.com', password: 'whatever it is' },
      { authorization: mobile, address },
    );
    expect(nobody.body.errors).toEqual(wrong.body.errors);
    const wrongSecret = await passwordGrant(account, {
      authorization: basic(doctorsAppClient.id, 'not the secret'),
      address,
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
  });

  it('counts failures as sign-in does: the sixth wrong password in a row answers 429', async () => {
    const account = await registerAccount(server);
    const address = '198.51.100.21';
    const wrong = { username: account.username, password: 'a wrong guess' };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await passwordGrant(wrong, { authorization: mobile, address })).status).toBe(400);
    }
    const limited = await passwordGrant(account, { authorization: mobile, address });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body).toMatchObject({
      error: 'invalid_grant',
      details: [expect.objectContaining({ code: 'TOO_MANY_ATTEMPTS' })],
    });
    // The login call counts the same attempts.
    expect(
      (
        await signIn(server, account.username, account.password, {
          'x-forwarded-for': address,
        })
      ).status,
    ).toBe(429);
  });

  it('sends an account with two-factor sign-in, or one waiting to be deleted, to the login call', async () => {
    const db = server.app.database.db;
    const twoFactor = await registerAccount(server);
    await db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, twoFactor.userId));
    const second = await passwordGrant(twoFactor);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect(second.body.details?.[0]?.code).toBe('TWO_FACTOR_REQUIRED');
    expect(second.body.errors?.[0]).toContain('/api/v1/identity/token/verify');

    const leaving = await registerAccount(server);
    await db
      .update(users)
      .set({ deletionRequestedAt: new Date(), purgeAfter: new Date(Date.now() + day) })
      .where(eq(users.id, leaving.userId));
    const pending = await passwordGrant(leaving);
    expect(pending.status).toBe(400);
    expect(pending.body.details?.[0]?.code).toBe('ACCOUNT_DELETION_PENDING');
  });
});

describe('client authentication in the body (client_secret_post, RFC 6749 section 2.3.1)', () => {
  it('takes client_id and client_secret in a form or a JSON body instead of HTTP Basic', async () => {
    const account = await registerAccount(server);
    const first = await form('/o/token/', {
      grant_type: 'refresh_token',
      refresh_token: account.refreshToken,
      client_id: doctorsAppClient.id,
      client_secret: doctorsAppClient.secret,
    });
    expect(first.status).toBe(200);
    expect(claimsOf(first.body.access_token).client_id).toBe(doctorsAppClient.id);
    const json = await call<{ refresh_token: string }>(server, 'POST', '/o/token/', {
      body: {
        grant_type: 'refresh_token',
        refresh_token: first.body.refresh_token,
        client_id: doctorsAppClient.id,
        client_secret: doctorsAppClient.secret,
      },
    });
    expect(json.status).toBe(200);
    const signIn = await form('/o/token/', {
      grant_type: 'password',
      username: account.username,
      password: account.password,
      client_id: doctorsAppClient.id,
      client_secret: doctorsAppClient.secret,
    });
    expect(signIn.status).toBe(200);
    // The web app, a public client, may name itself with client_id alone (section 3.2.1).
    const web = await registerAccount(server);
    const asWeb = await form('/o/token/', {
      grant_type: 'refresh_token',
      refresh_token: web.refreshToken,
      client_id: 'vitalia-web',
    });
    expect(asWeb.status).toBe(200);
  });

  it('refuses a client id that names a property of every object, as any unknown client', async () => {
    const account = await registerAccount(server);
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const path of ['/o/token/', '/o/revoke_token'] as const) {
        const answer = await form(path, {
          ...(path === '/o/token/'
            ? { grant_type: 'refresh_token', refresh_token: account.refreshToken }
            : { token: account.refreshToken }),
          client_id: id,
          client_secret: 'x'.repeat(20),
        });
        expect(answer.status, `${path} ${id}`).toBe(401);
      }
    }
  });

  it('refuses both ways at once, and a body that is not a whole client', async () => {
    const account = await registerAccount(server);
    const grant = { grant_type: 'refresh_token', refresh_token: account.refreshToken };
    const both = await form(
      '/o/token/',
      { ...grant, client_id: doctorsAppClient.id, client_secret: doctorsAppClient.secret },
      { authorization: mobile },
    );
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');
    expect(both.body.errors?.[0]).toContain('one way only');
    const otherId = await form(
      '/o/token/',
      { ...grant, client_id: 'vitalia-web' },
      { authorization: mobile },
    );
    expect(otherId.status).toBe(400);
    expect(otherId.body.error).toBe('invalid_request');
    const secretAlone = await form('/o/token/', {
      ...grant,
      client_secret: doctorsAppClient.secret,
    });
    expect(secretAlone.status).toBe(400);
    expect(secretAlone.body.error).toBe('invalid_request');
    for (const client of [
      { client_id: doctorsAppClient.id, client_secret: 'not the secret' } as Record<string, string>,
      { client_id: doctorsAppClient.id },
      { client_id: 'someone-else', client_secret: doctorsAppClient.secret },
      { client_id: 'vitalia-web', client_secret: 'secrets are for confidential clients' },
    ]) {
      const refused = await form('/o/token/', { ...grant, ...client });
      expect(refused.status, JSON.stringify(client)).toBe(401);
      expect(refused.body.error).toBe('invalid_client');
    }
    // The same client id in the body as in the header is no second way.
    const sameId = await form(
      '/o/token/',
      { ...grant, client_id: doctorsAppClient.id },
      { authorization: mobile },
    );
    expect(sameId.status).toBe(200);
  });
});

describe('token revocation, /o/revoke_token (RFC 7009)', () => {
  /** A revocation by HTTP Basic (the doctors' app unless said), or with none when null. */
  const revoke = (fields: Record<string, string>, authorization: string | null = mobile) =>
    form('/o/revoke_token', fields, authorization === null ? {} : { authorization });

  it('ends the session of a refresh token: its refresh and access tokens stop at once', async () => {
    const signedIn = (await passwordGrant(await registerAccount(server))).body;
    const answer = await revoke({
      token: signedIn.refresh_token,
      token_type_hint: 'refresh_token',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toBeNull();
    expect((await refresh(server, signedIn.refresh_token, mobile)).body.error).toBe(
      'invalid_grant',
    );
    expect(await profileStatus(signedIn.access_token)).toBe(401);
    // Revoking again still answers 200, at django-oauth-toolkit's address (a trailing slash) too.
    expect((await revoke({ token: signedIn.refresh_token })).status).toBe(200);
    const withSlash = await form(
      '/o/revoke_token/',
      { token: signedIn.refresh_token },
      { authorization: mobile },
    );
    expect(withSlash.status).toBe(200);
  });

  it('ends the session of an access token, and takes client_secret_post', async () => {
    const signedIn = (await passwordGrant(await registerAccount(server))).body;
    const answer = await revoke(
      {
        token: signedIn.access_token,
        token_type_hint: 'access_token',
        client_id: doctorsAppClient.id,
        client_secret: doctorsAppClient.secret,
      },
      null,
    );
    expect(answer.status).toBe(200);
    expect(await profileStatus(signedIn.access_token)).toBe(401);
    expect((await refresh(server, signedIn.refresh_token, mobile)).status).toBe(400);
  });

  it('finds the token whatever the hint says, and ignores a hint it does not know', async () => {
    const first = (await passwordGrant(await registerAccount(server))).body;
    expect(
      (await revoke({ token: first.access_token, token_type_hint: 'refresh_token' })).status,
    ).toBe(200);
    expect(await profileStatus(first.access_token)).toBe(401);
    const second = (await passwordGrant(await registerAccount(server))).body;
    expect(
      (await revoke({ token: second.refresh_token, token_type_hint: 'id_token' })).status,
    ).toBe(200);
    expect(await profileStatus(second.access_token)).toBe(401);
  });

  it('answers 200 for a token it does not know, and leaves other sessions alone', async () => {
    const account = await registerAccount(server);
    const other = (await passwordGrant(account)).body;
    // The signature's first character changed: its last one carries bits a decoder ignores, so
    // changing that one can leave the same signature (one time in sixteen).
    const [header, payload, signature] = account.token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const token of ['a-token-nobody-issued', 'x.y.z', forged]) {
      expect((await revoke({ token })).status).toBe(200);
    }
    expect(await profileStatus(other.access_token)).toBe(200);
    expect(await profileStatus(account.token)).toBe(200);
  });

  it('lets only the session’s own client revoke it, and any client a session that has none', async () => {
    const account = await registerAccount(server);
    const mobileSession = (await passwordGrant(account)).body;
    const asWeb = await revoke({ token: mobileSession.refresh_token }, basic('vitalia-web', ''));
    expect(asWeb.status).toBe(400);
    expect(asWeb.body.error).toBe('unauthorized_client');
    expect(await profileStatus(mobileSession.access_token)).toBe(200);
    // The login call's session belongs to no client until its first refresh: the web app may
    // revoke it, naming itself in the body.
    const web = await revoke({ token: account.refreshToken, client_id: 'vitalia-web' }, null);
    expect(web.status).toBe(200);
    expect(await profileStatus(account.token)).toBe(401);
  });

  it('refuses an unauthenticated client and a missing token', async () => {
    const signedIn = (await passwordGrant(await registerAccount(server))).body;
    const anonymous = await revoke({ token: signedIn.refresh_token }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('invalid_client');
    const wrongSecret = await revoke(
      { token: signedIn.refresh_token },
      basic(doctorsAppClient.id, 'not the secret'),
    );
    expect(wrongSecret.status).toBe(401);
    const both = await revoke({
      token: signedIn.refresh_token,
      client_id: doctorsAppClient.id,
      client_secret: doctorsAppClient.secret,
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('invalid_request');
    const missing = await revoke({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'invalid_request',
      errors: ['token is required.'],
    });
    expect(await profileStatus(signedIn.access_token)).toBe(200);
  });
});
