// A real OpenID Connect provider for tests (the oidc-provider package) standing in for LinkedIn,
// with a driver that plays the person at the provider: follows its redirects, signs in on its
// development login form and consents, and hands back where the provider sends the browser.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's signing key, so a test can forge what only the provider could sign. */
  privateJwk: JWK;
  /** Who signs in at the provider next: their subject and claims. */
  setPerson(subject: string, claims: Record<string, unknown>): void;
  /** Plays the browser from an authorization URL to the redirect back; answers that URL. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const clientId = 'vitalia-test-client';
  const clientSecret = crypto.randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = {
    ...(await exportJWK(privateKey)),
    kid: 'test-key',
    alg: 'RS256',
    use: 'sig',
  };
  const people = new Map<string, Record<string, unknown>>();
  let current = 'nobody';

  // Listening first, because the issuer URL must name the port.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [privateJwk] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(people.get(id) ?? {}) }),
    }),
    features: { devInteractions: { enabled: true } },
    ttl: {
      AuthorizationCode: 3,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    // The id token carries the profile claims too, as LinkedIn's does.
    conformIdTokenClaims: false,
  });
  // Keep the provider's warnings about development settings out of the test output.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());

  async function authorize(authorizationUrl: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = {
      url: authorizationUrl,
      method: 'GET',
    };
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: next.body,
      });
      remember(response);
      const location = response.headers.get('location');
      if (location) {
        const target = new URL(location, next.url);
        if (target.href.startsWith(redirectUri)) return target;
        next = { url: target.href, method: 'GET' };
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action)
        throw new Error(
          `the provider answered ${response.status} without a form: ${html.slice(0, 300)}`,
        );
      const fields = new URLSearchParams();
      for (const [, name, value] of html.matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
      )) {
        fields.set(name!, value!);
      }
      if (/name="login"/.test(html)) {
        fields.set('login', current);
        fields.set('password', 'any');
      }
      next = {
        url: new URL(action.replace(/&amp;/g, '&'), next.url).href,
        method: 'POST',
        body: fields,
      };
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    privateJwk,
    setPerson(subject, claims) {
      people.set(subject, claims);
      current = subject;
    },
    authorize,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
