import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  basic,
  call,
  mailTo,
  refresh,
  registerAccount,
  signIn,
  type Account,
} from './identity.test-helpers.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

interface Session {
  id: string;
  current: boolean;
  client: string | null;
  device: string;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
}

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const laptop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const listOf = (token: string) =>
  call<{ sessions: Session[]; errors?: string[] }>(server, 'GET', '/api/v1/identity/sessions', {
    token,
  });

const profileStatus = async (token: string) =>
  (await call(server, 'GET', '/api/v1/identity/profile', { token })).status;

async function signedInFrom(account: Account, userAgent: string, ip: string) {
  const answer = await signIn(server, account.username, account.password, {
    'user-agent': userAgent,
    'x-forwarded-for': ip,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the list of sessions', () => {
  it('shows each place the person is signed in, this one marked, newest use first', async () => {
    const account = await registerAccount(server);
    const onPhone = await signedInFrom(account, phone, '198.51.100.20');
    const onLaptop = await signedInFrom(account, laptop, '203.0.113.21');
    const { status, body } = await listOf(onLaptop.token);
    expect(status).toBe(200);
    const [latest, phoneSession] = body.sessions;
    expect(latest).toMatchObject({ current: true, device: 'Safari on macOS', ip: '203.0.113.21' });
    expect(phoneSession).toMatchObject({
      current: false,
      device: 'Chrome on Android',
      ip: '198.51.100.20',
      client: null,
    });
    // The registration's own session is there too.
    expect(body.sessions).toHaveLength(3);
    expect((await listOf(onPhone.token)).body.sessions.find((s) => s.current)?.device).toBe(
      'Chrome on Android',
    );
  });

  it('notes the client and the time of use at each refresh', async () => {
    const account = await registerAccount(server);
    const before = (await listOf(account.token)).body.sessions[0]!;
    const refreshed = await refresh(
      server,
      account.refreshToken,
      basic('vitalia-mobile', 'mobile-client-secret-for-tests'),
    );
    expect(refreshed.status).toBe(200);
    const after = (await listOf(refreshed.body.access_token)).body.sessions[0]!;
    expect(after.id).toBe(before.id);
    expect(after.client).toBe('vitalia-mobile');
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(before.lastUsedAt));
  });

  it('ends one session, whose tokens stop at once, and never another person’s', async () => {
    const account = await registerAccount(server);
    const other = await signedInFrom(account, phone, '198.51.100.30');
    const sessions = (await listOf(account.token)).body.sessions;
    const target = sessions.find((session) => !session.current)!;
    const ended = await call(server, 'DELETE', `/api/v1/identity/sessions/${target.id}`, {
      token: account.token,
    });
    expect(ended.status).toBe(204);
    expect(await profileStatus(other.token)).toBe(401);
    expect((await refresh(server, other.refreshToken)).status).toBe(400);
    expect(await profileStatus(account.token)).toBe(200);

    const again = await call(server, 'DELETE', `/api/v1/identity/sessions/${target.id}`, {
      token: account.token,
    });
    expect(again.status).toBe(404);
    const stranger = await registerAccount(server);
    const strangerSession = (await listOf(stranger.token)).body.sessions[0]!;
    const refused = await call(
      server,
      'DELETE',
      `/api/v1/identity/sessions/${strangerSession.id}`,
      {
        token: account.token,
      },
    );
    expect(refused.status).toBe(404);
    expect(await profileStatus(stranger.token)).toBe(200);
  });

  it('ends every other session and keeps this one', async () => {
    const account = await registerAccount(server);
    const phoneSession = await signedInFrom(account, phone, '198.51.100.40');
    const laptopSession = await signedInFrom(account, laptop, '198.51.100.41');
    const { status, body } = await call<{ ended: number }>(
      server,
      'POST',
      '/api/v1/identity/sessions/end-others',
      { token: laptopSession.token },
    );
    expect(status).toBe(200);
    expect(body.ended).toBe(2);
    expect(await profileStatus(phoneSession.token)).toBe(401);
    expect(await profileStatus(account.token)).toBe(401);
    expect(await profileStatus(laptopSession.token)).toBe(200);
    expect((await listOf(laptopSession.token)).body.sessions).toHaveLength(1);
  });

  it('needs a session of its own', async () => {
    expect((await listOf('not-a-token')).status).toBe(401);
  });
});

describe('mail after a change to how the account is opened', () => {
  it('tells the owner the password changed, when and from where, with no secret', async () => {
    const account = await registerAccount(server);
    const changed = await call<{ Token: string; RefreshToken: string }>(
      server,
      'PUT',
      '/api/v1/identity/password/change',
      {
        token: account.token,
        body: { oldPassword: account.password, newPassword: 'another sound passphrase 7' },
        headers: { 'user-agent': laptop, 'x-forwarded-for': '203.0.113.50' },
      },
    );
    expect(changed.status).toBe(200);
    const mail = await mailTo(server, account.username, 'Your Vitalia password was changed');
    expect(mail).toContain('from Safari on macOS at 203.0.113.50');
    expect(mail).toContain('/account/security');
    for (const secret of [
      'another sound passphrase 7',
      changed.body.Token,
      changed.body.RefreshToken,
    ]) {
      expect(mail).not.toContain(secret);
    }
  });
});

describe('whether a session is still live', () => {
  const statusOf = async (refreshToken: unknown) =>
    call<{ active?: boolean; errors?: string[] }>(
      server,
      'POST',
      '/api/v1/identity/session/status',
      { body: { refreshToken } },
    );

  it('says so without using the token, and says it ended once ended from another device', async () => {
    const account = await registerAccount(server);
    const onPhone = await signedInFrom(account, phone, '198.51.100.50');
    expect(await statusOf(onPhone.refreshToken)).toMatchObject({
      status: 200,
      body: { active: true },
    });
    // Asking used nothing: the token still renews the session.
    const renewed = await refresh(server, onPhone.refreshToken);
    expect(renewed.status).toBe(200);
    // The token just exchanged still names its live session, as does the new one.
    expect((await statusOf(onPhone.refreshToken)).body.active).toBe(true);
    expect((await statusOf(renewed.body.refresh_token)).body.active).toBe(true);

    const ended = await call(server, 'POST', '/api/v1/identity/sessions/end-others', {
      token: account.token,
    });
    expect(ended.status).toBe(200);
    expect((await statusOf(renewed.body.refresh_token)).body.active).toBe(false);
    expect((await statusOf(onPhone.refreshToken)).body.active).toBe(false);
    expect((await statusOf(account.refreshToken)).body.active).toBe(true);
  });

  it('says a session signed out, or a token it never gave, is not live', async () => {
    const account = await registerAccount(server);
    const signedOut = await call(server, 'POST', '/api/v1/identity/logout', {
      body: { refreshToken: account.refreshToken },
    });
    expect(signedOut.status).toBe(204);
    expect(await statusOf(account.refreshToken)).toMatchObject({
      status: 200,
      body: { active: false },
    });
    expect((await statusOf('never-given')).body.active).toBe(false);
  });

  it('answers 400 without a token', async () => {
    expect((await statusOf('')).status).toBe(400);
    expect((await statusOf(undefined)).status).toBe(400);
  });
});
