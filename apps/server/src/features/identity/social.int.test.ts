import { decodeJwt, importJWK, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOidcPeer, type OidcPeer } from '../../test/oidc-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerAndConfirm } from '../../test/test-calls.ts';
import { call, claimsOf, mailTo, registerAccount, type Account } from './identity.test-helpers.ts';

const publicUrl = 'http://127.0.0.1:5999';
const callbackUrl = `${publicUrl}/account/social/linkedin`;

let server: TestApp;
let peer: OidcPeer;
/** Rewrites the provider's token answer on its way to the server, to play a hostile network. */
let tamper: ((body: Record<string, unknown>) => Promise<Record<string, unknown>>) | undefined;

const tamperingFetch: oidc.CustomFetch = async (url, options) => {
  const response = await fetch(url, options as RequestInit);
  if (!tamper || !url.endsWith('/token')) return response;
  const body = await tamper((await response.json()) as Record<string, unknown>);
  return new Response(JSON.stringify(body), {
    status: response.status,
    headers: { 'content-type': 'application/json' },
  });
};

beforeAll(async () => {
  peer = await startOidcPeer(callbackUrl);
  server = await createTestApp(
    {
      trustProxy: true,
      publicUrl,
      linkedin: { issuer: peer.issuer, clientId: peer.clientId, clientSecret: peer.clientSecret },
    },
    undefined,
    { oidcFetch: tamperingFetch },
  );
});
afterAll(async () => {
  await server.close();
  await peer.close();
});
beforeEach(() => {
  tamper = undefined;
});

/** The browser's first leg: our start endpoint, which sets the flow cookie and redirects. */
async function start(redirect = '/healths'): Promise<{ cookie: string; authorizationUrl: string }> {
  const response = await server.request(
    `/api/v1/identity/social/linkedin/start?redirect=${encodeURIComponent(redirect)}`,
    { redirect: 'manual' },
  );
  expect(response.status).toBe(302);
  const setCookie = response.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  return { cookie: setCookie.split(';')[0]!, authorizationUrl: response.headers.get('location')! };
}

/** The web page's call after the provider sent the browser back. */
function finish(code: string, state: string, cookie?: string, iss = peer.issuer) {
  const query = new URLSearchParams({ state, iss });
  return call<{ token: string; refreshToken: string; redirect: string; errors?: string[] }>(
    server,
    'GET',
    `/api/v1/identity/social/linkedin/access/${encodeURIComponent(code)}?${query}`,
    { headers: cookie ? { cookie } : {} },
  );
}

async function signInAs(subject: string, claims: Record<string, unknown>) {
  peer.setPerson(subject, claims);
  const { cookie, authorizationUrl } = await start();
  const back = await peer.authorize(authorizationUrl);
  return finish(back.searchParams.get('code')!, back.searchParams.get('state')!, cookie);
}

describe('signing in with LinkedIn', () => {
  it('is offered only when configured', async () => {
    const offered = await call(server, 'GET', '/api/v1/identity/social/providers');
    expect(offered.body).toEqual({ providers: ['linkedin'] });
  });

  it('sends the browser to the provider with PKCE, state and nonce, never the secret', async () => {
    const { authorizationUrl } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(peer.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(callbackUrl);
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    }
    expect(authorizationUrl).not.toContain(peer.clientSecret);
  });

  it('makes a new account for a new person, keyed by the subject, with the profile from the ID token', async () => {
    const result = await signInAs('li-new-1', {
      email: 'New.Person@Example.com',
      email_verified: true,
      given_name: 'New',
      family_name: 'Person',
    });
    expect(result.status).toBe(200);
    expect(result.body.redirect).toBe('/healths');
    const profile = await call(server, 'GET', '/api/v1/identity/profile', {
      token: result.body.token,
    });
    expect(profile.body).toMatchObject({
      username: 'new.person@example.com',
      firstName: 'New',
      lastName: 'Person',
      emailVerified: true,
      role: 'USER',
    });
  });

  it('signs a returning person into the same account, even if their email changed at the provider', async () => {
    const first = await signInAs('li-returning', {
      email: 'returning@example.com',
      email_verified: true,
    });
    const second = await signInAs('li-returning', {
      email: 'changed@example.com',
      email_verified: true,
    });
    expect(second.status).toBe(200);
    expect(claimsOf(second.body.token).sub).toBe(claimsOf(first.body.token).sub);
  });

  it('never names an account after an address the provider has not verified', async () => {
    // An attacker's LinkedIn person claims the victim's address without proving it.
    const claimed = await signInAs('li-unverified', {
      email: 'victim.unverified@example.com',
      email_verified: false,
    });
    expect(claimed.status).toBe(200);
    const profile = await call<{ username: string; emailVerified: boolean }>(
      server,
      'GET',
      '/api/v1/identity/profile',
      { token: claimed.body.token },
    );
    expect(profile.body.username).not.toBe('victim.unverified@example.com');
    expect(profile.body.emailVerified).toBe(false);
    // The address is still free for its owner.
    const owner = await registerAndConfirm(
      server,
      'victim.unverified@example.com',
      'the owner passphrase 9',
      '198.51.100.90',
    );
    expect(owner.username).toBe('victim.unverified@example.com');
  });

  it('never takes over a password account that has the same email address', async () => {
    const owner = await registerAccount(server);
    const result = await signInAs('li-hijack', { email: owner.username, email_verified: true });
    expect(result.status).toBe(409);
    expect(result.body.errors).toEqual([
      'An account with this email address already exists. Sign in with your email address and password; you can then connect LinkedIn in your security settings.',
    ]);
  });

  it("refuses a wrong state, or a code brought to another browser: 'Invalid Access Token'", async () => {
    peer.setPerson('li-state', { email: 'state@example.com' });
    const { cookie, authorizationUrl } = await start();
    const back = await peer.authorize(authorizationUrl);
    const code = back.searchParams.get('code')!;
    const wrongState = await finish(code, 'not-the-state-we-sent', cookie);
    expect(wrongState.status).toBe(401);
    expect(wrongState.body.errors).toEqual(['Invalid Access Token']);
    const noCookie = await finish(code, back.searchParams.get('state')!);
    expect(noCookie.status).toBe(401);
  });

  it('refuses an ID token whose nonce belongs to another attempt', async () => {
    peer.setPerson('li-nonce', { email: 'nonce@example.com' });
    const { cookie, authorizationUrl } = await start();
    // The same attempt at the provider, but carrying another nonce.
    const swapped = new URL(authorizationUrl);
    swapped.searchParams.set('nonce', 'a-nonce-this-browser-never-made-0123456789');
    const back = await peer.authorize(swapped.href);
    const result = await finish(
      back.searchParams.get('code')!,
      back.searchParams.get('state')!,
      cookie,
    );
    expect(result.status).toBe(401);
    expect(result.body.errors).toEqual(['Invalid Access Token']);
  });

  it('refuses an ID token with a broken signature', async () => {
    tamper = async (body) => {
      const [header, payload, signature] = String(body.id_token).split('.');
      const flipped = signature![0] === 'A' ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
      return { ...body, id_token: `${header}.${payload}.${flipped}` };
    };
    const result = await signInAs('li-signature', { email: 'signature@example.com' });
    expect(result.status).toBe(401);
  });

  it('refuses an ID token, properly signed by the provider, that was meant for another client', async () => {
    tamper = async (body) => {
      const claims = decodeJwt(String(body.id_token));
      const forged = await new SignJWT({ ...claims, aud: 'some-other-client' })
        .setProtectedHeader({ alg: 'RS256', kid: peer.privateJwk.kid! })
        .sign(await importJWK(peer.privateJwk, 'RS256'));
      return { ...body, id_token: forged };
    };
    const result = await signInAs('li-audience', { email: 'audience@example.com' });
    expect(result.status).toBe(401);
  });

  it('refuses an expired code', async () => {
    peer.setPerson('li-expired', { email: 'expired@example.com' });
    const { cookie, authorizationUrl } = await start();
    const back = await peer.authorize(authorizationUrl);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const result = await finish(
      back.searchParams.get('code')!,
      back.searchParams.get('state')!,
      cookie,
    );
    expect(result.status).toBe(401);
  });

  it('logs each request with its code and state redacted, and the sign-in as an event', async () => {
    const linesOf = (requestId: string | null) => {
      expect(requestId).toBeTruthy();
      return server.logs.filter((line) => line.reqId === requestId);
    };
    const requestLine = (url: string, statusCode: number) =>
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url }),
        res: { statusCode },
      });
    const accessPath = '/api/v1/identity/social/linkedin/access/[redacted]';
    const iss = encodeURIComponent(peer.issuer);

    const made = await finish('code-that-must-not-be-logged', 'state-that-must-not-be-logged');
    expect(made.status).toBe(401);
    expect(linesOf(made.headers.get('x-request-id'))).toEqual([
      expect.objectContaining({
        security: expect.objectContaining({ event: 'sign_in.failed', provider: 'linkedin' }),
      }),
      requestLine(`${accessPath}?state=%5Bredacted%5D&iss=${iss}`, 401),
    ]);

    // A real sign-in: the provider's own code and state pass through the server.
    peer.setPerson('li-logged', { email: 'logged@example.com' });
    const { cookie, authorizationUrl } = await start();
    const back = await peer.authorize(authorizationUrl);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const signedIn = await finish(code, state, cookie);
    expect(signedIn.status).toBe(200);
    const lines = linesOf(signedIn.headers.get('x-request-id'));
    expect(lines).toContainEqual(requestLine(`${accessPath}?state=%5Bredacted%5D&iss=${iss}`, 200));
    expect(lines).toContainEqual(
      expect.objectContaining({
        security: expect.objectContaining({ event: 'sign_in.succeeded', provider: 'linkedin' }),
      }),
    );

    const logged = JSON.stringify(server.logs);
    for (const secret of [
      'code-that-must-not-be-logged',
      'state-that-must-not-be-logged',
      code,
      state,
    ]) {
      expect(logged).not.toContain(secret);
    }
  });
});

describe('connecting LinkedIn to an account one is signed in to', () => {
  /** The security settings' first step: the password, answered with LinkedIn's address and the cookie. */
  async function beginConnecting(account: Pick<Account, 'token' | 'password'>) {
    const response = await server.request('/api/v1/identity/social/linkedin/connect', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${account.token}`,
      },
      body: JSON.stringify({ password: account.password }),
    });
    const body = (await response.json()) as { url?: string; errors?: string[] };
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { status: response.status, body, cookie };
  }

  /** The web page's call after LinkedIn sent the browser back, with the person's token. */
  function finishConnecting(token: string, back: URL, cookie?: string) {
    return call<{ linked: string[]; hasPassword: boolean; errors?: string[] }>(
      server,
      'POST',
      '/api/v1/identity/social/linkedin/link',
      {
        token,
        headers: cookie ? { cookie } : {},
        body: {
          code: back.searchParams.get('code')!,
          state: back.searchParams.get('state')!,
          iss: peer.issuer,
        },
      },
    );
  }

  async function connect(
    account: Pick<Account, 'token' | 'password'>,
    subject: string,
    claims: Record<string, unknown> = {},
  ) {
    peer.setPerson(subject, claims);
    const begun = await beginConnecting(account);
    expect(begun.status).toBe(200);
    const back = await peer.authorize(begun.body.url!);
    return finishConnecting(account.token, back, begun.cookie);
  }

  const links = (token: string) =>
    call<{ linked: string[]; hasPassword: boolean }>(
      server,
      'GET',
      '/api/v1/identity/social/links',
      { token },
    );

  it('lets the owner of a password account then sign in with LinkedIn, into the same account', async () => {
    const owner = await registerAccount(server);
    expect((await links(owner.token)).body).toEqual({ linked: [], hasPassword: true });
    // The same email at LinkedIn: the case that answers 409 when it is not the owner asking.
    const connected = await connect(owner, 'li-link-owner', {
      email: owner.username,
      email_verified: true,
    });
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({ linked: ['linkedin'], hasPassword: true });
    expect((await links(owner.token)).body).toEqual({ linked: ['linkedin'], hasPassword: true });

    const signedIn = await signInAs('li-link-owner', { email: owner.username });
    expect(signedIn.status).toBe(200);
    expect(claimsOf(signedIn.body.token).sub).toBe(claimsOf(owner.token).sub);
    // Connecting again is refused at the first step, before LinkedIn is asked.
    const again = await beginConnecting(owner);
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual(['LinkedIn is already connected to your account.']);
  });

  it('refuses a LinkedIn account that already signs in to someone else', async () => {
    const other = await signInAs('li-link-taken', { email: 'taken@example.com' });
    expect(other.status).toBe(200);
    const person = await registerAccount(server);
    const refused = await connect(person, 'li-link-taken');
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([
      'This LinkedIn account already signs in to another Vitalia account. Sign in to that account with LinkedIn, or connect a different LinkedIn account.',
    ]);
    expect((await links(person.token)).body.linked).toEqual([]);
  });

  it('refuses a second LinkedIn person for an account already connected to one', async () => {
    const person = await registerAccount(server);
    expect((await connect(person, 'li-first-of-two')).status).toBe(200);
    expect((await beginConnecting(person)).status).toBe(409);
    expect((await signInAs('li-first-of-two', {})).status).toBe(200);
  });

  it('asks for the password first, and refuses a wrong one', async () => {
    const person = await registerAccount(server);
    const wrong = await beginConnecting({
      token: person.token,
      password: 'not my password at all',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['password: is not your current password.']);
    expect(wrong.cookie).toBe('');
    const anonymous = await call(server, 'POST', '/api/v1/identity/social/linkedin/connect', {
      body: { password: person.password },
    });
    expect(anonymous.status).toBe(401);
  });

  it('finishes only for the account that started, in the browser that started', async () => {
    const starter = await registerAccount(server);
    const other = await registerAccount(server);
    peer.setPerson('li-link-bound', {});
    const begun = await beginConnecting(starter);
    const back = await peer.authorize(begun.body.url!);

    // Another account cannot finish it, even with the starter's cookie; nor can a call without it.
    const stranger = await finishConnecting(other.token, back, begun.cookie);
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors![0]).toMatch(/^LinkedIn could not be connected\./);
    const noCookie = await finishConnecting(starter.token, back);
    expect(noCookie.status).toBe(400);
    expect((await links(other.token)).body.linked).toEqual([]);
    expect((await links(starter.token)).body.linked).toEqual([]);
  });

  it('never turns a connection into a sign-in, nor a sign-in into a connection', async () => {
    const person = await registerAccount(server);
    peer.setPerson('li-link-crossed', {});
    const begun = await beginConnecting(person);
    const back = await peer.authorize(begun.body.url!);
    const asSignIn = await finish(
      back.searchParams.get('code')!,
      back.searchParams.get('state')!,
      begun.cookie,
    );
    expect(asSignIn.status).toBe(401);

    const { cookie, authorizationUrl } = await start('/healths');
    const signInBack = await peer.authorize(authorizationUrl);
    const asConnection = await finishConnecting(person.token, signInBack, cookie);
    expect(asConnection.status).toBe(400);
    expect((await links(person.token)).body.linked).toEqual([]);
  });

  it('is refused while two-factor sign-in is on, and LinkedIn cannot skip the code', async () => {
    const person = await registerAccount(server);
    expect((await connect(person, 'li-link-then-2fa')).status).toBe(200);
    // Two-factor switched on after connecting: LinkedIn alone no longer opens the account.
    const setup = await call<{ secret: string }>(
      server,
      'POST',
      '/api/v1/identity/mfa/totp/setup',
      {
        body: { password: person.password },
        token: person.token,
      },
    );
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.secret) });
    const enabled = await call(server, 'POST', '/api/v1/identity/mfa/totp/enable', {
      body: { code },
      token: person.token,
    });
    expect(enabled.status).toBe(200);
    const signedIn = await signInAs('li-link-then-2fa', {});
    expect(signedIn.status).toBe(403);
    expect(signedIn.body.errors).toEqual([
      'Two-factor sign-in is on for this account, so LinkedIn cannot open it on its own. Sign in with your email address, password and code.',
    ]);
    expect(signedIn.body.token).toBeUndefined();

    const another = await registerAccount(server);
    await call(server, 'POST', '/api/v1/identity/mfa/totp/setup', {
      body: { password: another.password },
      token: another.token,
    }).then(async (answer) =>
      call(server, 'POST', '/api/v1/identity/mfa/totp/enable', {
        body: {
          code: TOTP.generate({
            secret: Secret.fromBase32((answer.body as { secret: string }).secret),
          }),
        },
        token: another.token,
      }),
    );
    const refused = await beginConnecting(another);
    expect(refused.status).toBe(409);
    expect(refused.body.errors![0]).toMatch(/^Two-factor sign-in is on for your account/);
  });

  it('disconnects, after which LinkedIn no longer opens the account', async () => {
    const person = await registerAccount(server);
    expect((await connect(person, 'li-disconnect')).status).toBe(200);
    const removed = await call(server, 'DELETE', '/api/v1/identity/social/linkedin/link', {
      token: person.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ linked: [], hasPassword: true });
    // LinkedIn alone now makes a new account, since the email is not the password account's.
    const signedIn = await signInAs('li-disconnect', { email: 'after-disconnect@example.com' });
    expect(claimsOf(signedIn.body.token).sub).not.toBe(claimsOf(person.token).sub);
  });

  it('is disconnected when the owner proves the address by a password reset, and the owner is told', async () => {
    const person = await registerAccount(server);
    expect((await connect(person, 'li-before-reset')).status).toBe(200);
    const asked = await call(server, 'POST', '/api/v1/identity/password/initiatereset', {
      body: { Username: person.username },
      headers: { 'x-forwarded-for': '198.51.100.91' },
    });
    expect(asked.status).toBe(202);
    const resetMail = await mailTo(server, person.username, 'Reset your Vitalia password');
    const token = /\/account\/reset\/([A-Za-z0-9_-]+)/.exec(resetMail)?.[1];
    expect(token).toBeTruthy();
    const reset = await call(server, 'POST', '/api/v1/identity/password/reset', {
      body: { Username: person.username, NewPasword: 'a brand new passphrase 5', Token: token },
      headers: { 'x-forwarded-for': '198.51.100.91' },
    });
    expect(reset.status).toBe(200);
    const told = await mailTo(
      server,
      person.username,
      'LinkedIn was disconnected from your Vitalia account',
    );
    expect(told).toMatch(/password of your Vitalia account was reset/);
    expect(told).not.toContain(token!);
    // LinkedIn alone no longer opens the account.
    const again = await signInAs('li-before-reset', { email: 'someone.else@example.com' });
    expect(claimsOf(again.body.token).sub).not.toBe(person.userId);
  });

  it('will not disconnect LinkedIn from an account it is the only way into', async () => {
    const made = await signInAs('li-only-way', { email: 'only-way@example.com' });
    expect((await links(made.body.token)).body).toEqual({
      linked: ['linkedin'],
      hasPassword: false,
    });
    const refused = await call<{ errors: string[] }>(
      server,
      'DELETE',
      '/api/v1/identity/social/linkedin/link',
      { token: made.body.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatch(/^LinkedIn is the only way into your account/);
    expect((await links(made.body.token)).body.linked).toEqual(['linkedin']);
  });
});

describe("the mobile app's call, POST /api/v1/identity/login/social", () => {
  /** The mobile app's own authorization with the provider: it ends with an access token. */
  async function mobileAccessToken(
    subject: string,
    claims: Record<string, unknown>,
  ): Promise<string> {
    peer.setPerson(subject, claims);
    const config = await oidc.discovery(
      new URL(peer.issuer),
      peer.clientId,
      peer.clientSecret,
      oidc.ClientSecretPost(peer.clientSecret),
      { execute: [oidc.allowInsecureRequests] },
    );
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const back = await peer.authorize(url.href);
    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return tokens.access_token;
  }

  it('signs in when the provider says the access token belongs to UserID', async () => {
    const accessToken = await mobileAccessToken('li-mobile', {
      email: 'mobile@example.com',
      email_verified: true,
    });
    const result = await call(server, 'POST', '/api/v1/identity/login/social', {
      body: {
        AccessToken: accessToken,
        Social: 'linkedin',
        UserID: 'li-mobile',
        Email: 'mobile@example.com',
      },
    });
    expect(result.status).toBe(200);
    expect(claimsOf(result.body.token as string).username).toBe('mobile@example.com');
  });

  it("refuses a token that belongs to someone else, or no one: 'Invalid Access Token'", async () => {
    const accessToken = await mobileAccessToken('li-mobile-2', { email: 'mobile2@example.com' });
    const impostor = await call(server, 'POST', '/api/v1/identity/login/social', {
      body: { AccessToken: accessToken, Social: 'linkedin', UserID: 'li-somebody-else' },
    });
    expect(impostor.status).toBe(401);
    expect(impostor.body.errors).toEqual(['Invalid Access Token']);
    const madeUp = await call(server, 'POST', '/api/v1/identity/login/social', {
      body: { AccessToken: 'made-up-token', Social: 'linkedin', UserID: 'li-mobile-2' },
    });
    expect(madeUp.status).toBe(401);
  });
});

describe('without LinkedIn configured', () => {
  it('offers no provider and says so plainly', async () => {
    const plain = await createTestApp();
    try {
      expect((await call(plain, 'GET', '/api/v1/identity/social/providers')).body).toEqual({
        providers: [],
      });
      const startCall = await call(plain, 'GET', '/api/v1/identity/social/linkedin/start');
      expect(startCall.status).toBe(404);
      expect(startCall.body.errors).toEqual(['LinkedIn sign-in is not set up on this server.']);
    } finally {
      await plain.close();
    }
  });
});
