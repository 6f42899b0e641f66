import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
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
    const password = await post('grant_type=password&username=a&password=b');
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
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
