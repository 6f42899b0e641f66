// Hostile input and the browser's defences. What other suites already cover is not
// repeated here: forged, expired and foreign tokens (identity/tokens.int.test.ts,
// records.int.test.ts), oversized and malicious uploads (identity/picture.int.test.ts), 1 MB bodies
// and prototype poisoning (app.int.test.ts), the cookies' SameSite and the LinkedIn state check
// (identity tests).
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcPeer, type OidcPeer } from './test/oidc-peer.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { call, registerAndConfirm, signedInAccount } from './test/test-calls.ts';

const publicUrl = 'https://vitalia.example';

async function errorsOf(response: Response): Promise<string[]> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { errors: string[] };
  expect(body.errors.length).toBeGreaterThan(0);
  return body.errors;
}

describe('deeply nested JSON', () => {
  let server: TestApp;
  let token: string;
  beforeAll(async () => {
    server = await createTestApp({ trustProxy: true });
    ({ token } = await signedInAccount(server));
  });
  afterAll(() => server.close());

  const depth = 10_000;
  const bodies = {
    arrays: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    objects: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    'arrays in a field': `{"Tag":${'['.repeat(depth)}${']'.repeat(depth)}, "TagValue": 1}`,
    'arrays never closed': '['.repeat(100 * depth),
  };

  for (const [shape, body] of Object.entries(bodies)) {
    // The depth guard refuses before parsing: a 400 with the error model, not a stack overflow
    // (500) or a hang. How fast is a benchmark's question, never a test's.
    it(`answers 400 to ${shape} nested ${depth} or more deep`, async () => {
      const response = await server.request('/api/v1/records/health', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      expect(response.status).toBe(400);
      await errorsOf(response);
    });
  }

  it('answers the token endpoint the same way, in its own error model', async () => {
    const response = await server.request('/o/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('cross-site requests', () => {
  let server: TestApp;
  let peer: OidcPeer;
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  beforeAll(async () => {
    peer = await startOidcPeer(`${publicUrl}/account/social/linkedin`);
    server = await createTestApp(
      {
        trustProxy: true,
        publicUrl,
        linkedin: { issuer: peer.issuer, clientId: peer.clientId, clientSecret: peer.clientSecret },
      },
      undefined,
      { clock: () => new Date(now()) },
    );
  });
  afterAll(async () => {
    await server.close();
    await peer.close();
  });

  /** An account with two-factor sign-in on; answers its sign-in name and TOTP key. */
  async function twoFactorAccount(): Promise<{ username: string; secret: string }> {
    const username = `guarded.${Date.now()}@example.com`;
    const password = 'a sound passphrase 42';
    const { token } = await registerAndConfirm(server, username, password, '192.0.2.150');
    const setup = await call<{ secret: string }>(
      server,
      'POST',
      '/api/v1/identity/mfa/totp/setup',
      {
        body: { password },
        token,
      },
    );
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: now() });
    const enabled = await call(server, 'POST', '/api/v1/identity/mfa/totp/enable', {
      body: { code },
      token,
    });
    expect(enabled.status).toBe(200);
    // The next sign-in needs a time step of its own: a used one is never taken twice.
    offsetMs += 30_000;
    return { username, secret: setup.body.secret };
  }

  async function passwordStep(username: string): Promise<string> {
    const response = await server.request('/api/v1/identity/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: username, password: 'a sound passphrase 42' }),
    });
    expect(await response.json()).toMatchObject({ token: '2FA' });
    return cookieNamed(response.headers, 'vitalia_mfa=');
  }

  const cookieNamed = (headers: Headers, prefix: string) =>
    headers.getSetCookie().find((line) => line.startsWith(prefix)) ?? '';

  it('get no CORS permission, so a browser never sends another site JSON calls or shows it answers', async () => {
    const preflight = await server.request('/api/v1/identity/token/verify', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const read = await server.request('/api/v1/identity/social/providers', {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('cannot complete the two-factor step with a form: 415, and the tries are not spent', async () => {
    const { username, secret } = await twoFactorAccount();
    const setCookie = await passwordStep(username);
    const cookie = setCookie.split(';')[0]!;
    const fields = { Username: username, Token: '000000' };
    // What a page on another site can post without asking: the three "simple" content types.
    const forms: Array<[string, string | FormData]> = [
      ['application/x-www-form-urlencoded', new URLSearchParams(fields).toString()],
      ['text/plain', JSON.stringify(fields)],
      [
        'multipart',
        Object.entries(fields).reduce((form, [key, value]) => {
          form.append(key, value);
          return form;
        }, new FormData()),
      ],
    ];
    // Five of them, the number of tries a password step allows, and more.
    for (let round = 0; round < 2; round += 1) {
      for (const [type, body] of forms) {
        const response = await server.request('/api/v1/identity/token/verify', {
          method: 'POST',
          headers: { cookie, ...(type === 'multipart' ? {} : { 'content-type': type }) },
          body,
        });
        expect(response.status, type).toBe(415);
        expect((await errorsOf(response))[0]).toMatch(/send application\/json/);
      }
    }
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now() });
    const verified = await call(server, 'POST', '/api/v1/identity/token/verify', {
      body: { Username: username, Token: code },
      headers: { cookie },
    });
    expect(verified.status).toBe(200);
  });

  it('find the sign-in cookies HttpOnly, Secure, scoped to their own path and short-lived', async () => {
    const { username } = await twoFactorAccount();
    const challenge = await passwordStep(username);
    // The device cookie lives long, for what it is: a device that signed in before
    // (docs/decisions/0009-passwords-and-attempt-limits.md, amendment 2026-11-29). An account
    // without two-factor sign-in is given it at the password step.
    const plain = `plain.${Date.now()}@example.com`;
    await registerAndConfirm(server, plain, 'a sound passphrase 42', '192.0.2.151');
    const login = await server.request('/api/v1/identity/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: plain, password: 'a sound passphrase 42' }),
    });
    const device = cookieNamed(login.headers, 'vitalia_device_');
    expect(device).toMatch(/; HttpOnly/i);
    expect(device).toMatch(/; Secure/i);
    expect(device).toMatch(/; SameSite=Strict/i);
    expect(device).toMatch(/; Path=\/api\/v1\/identity\/login(;|$)/);
    expect(Number(/Max-Age=(\d+)/i.exec(device)?.[1])).toBe(180 * 24 * 3600);

    expect(challenge).toMatch(/; HttpOnly/i);
    expect(challenge).toMatch(/; Secure/i);
    expect(challenge).toMatch(/; SameSite=Strict/i);
    expect(challenge).toMatch(/; Path=\/api\/v1\/identity\/token\/verify(;|$)/);
    expect(Number(/Max-Age=(\d+)/i.exec(challenge)?.[1])).toBeLessThanOrEqual(300);

    const start = await server.request('/api/v1/identity/social/linkedin/start?redirect=%2F', {
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    const flow = start.headers.get('set-cookie') ?? '';
    expect(flow).toMatch(/; HttpOnly/i);
    expect(flow).toMatch(/; Secure/i);
    // Lax, not Strict: the browser comes back from LinkedIn on a top-level navigation. The state
    // in the cookie must match the one LinkedIn returns (identity/social.int.test.ts).
    expect(flow).toMatch(/; SameSite=Lax/i);
    expect(flow).toMatch(/; Path=\/api\/v1\/identity\/social\/linkedin(;|$)/);
    expect(Number(/Max-Age=(\d+)/i.exec(flow)?.[1])).toBeLessThanOrEqual(600);
  });
});

describe('security headers', () => {
  let https: TestApp;
  let http: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ trustProxy: true, publicUrl });
    http = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await https.close();
    await http.close();
  });

  it('put a content security policy on API answers, errors and the API reference too', async () => {
    for (const target of ['/api/v1/identity/social/providers', '/api/v1/nothing', '/api/docs/']) {
      const response = await http.request(target);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, target).toContain("script-src 'self'");
      expect(csp, target).toContain("frame-ancestors 'none'");
    }
  });

  it('include HSTS when the public address is https, also on requests a TLS proxy forwards', async () => {
    for (const target of ['/healthz', '/api/v1/identity/profile']) {
      const response = await https.request(target, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers.get('strict-transport-security'), target).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('leave HSTS out when the public address is plain http, whatever a proxy says', async () => {
    const response = await http.request('/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('forbid caching every answer with health data, the profile or tokens', async () => {
    const { token } = await signedInAccount(http);
    const reading = await call(http, 'POST', '/api/v1/records/health', {
      body: { Tag: 'Pulse Value', TagValue: 64 },
      token,
    });
    expect(reading.status).toBe(201);
    expect(reading.headers.get('cache-control')).toBe('no-store');
    const assessment = await call(http, 'PUT', '/api/v1/records/assessment', {
      body: {
        Smoke: false,
        Alcohol: true,
        RecreationalDrugs: false,
        SelfMedicate: false,
        HerbalConcotion: false,
        Illness: false,
        Cancer: false,
      },
      token,
    });
    expect(assessment.status).toBe(200);
    for (const target of [
      '/api/v1/records/health?tag=Pulse%20Value',
      '/api/v1/records/healths',
      // The router decodes the path; the header must follow the route it reached, not the raw URL.
      '/%61pi/v1/records/healths',
      '/api/v1/records/%68ealths',
      '/api/v1/records/analysis',
      '/api/v1/records/assessment',
      '/api/v1/identity/profile',
    ]) {
      const response = await call(http, 'GET', target, { token });
      expect(response.status, target).toBe(200);
      expect(response.headers.get('cache-control'), target).toBe('no-store');
    }
    // Sign-in answers carry tokens; a refused call says whether a reading exists.
    const signIn = await call(http, 'POST', '/api/v1/identity/login', {
      body: { Username: 'nobody@example.com', password: 'wrong password' },
    });
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const refused = await call(http, 'GET', '/api/v1/records/healths');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
