// LinkedIn sign-in through OpenID Connect (docs/decisions/0011-linkedin-sign-in.md): authorization code with PKCE,
// with state and nonce kept in a sealed cookie bound to the browser that started. The client
// secret stays on the server; the ID token's signature, issuer, audience, expiry and nonce are
// checked by openid-client.
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { SealedCookie } from '../../lib/sealed-cookie.ts';

export interface LinkedInSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The web page LinkedIn returns the browser to. */
  redirectUri: string;
}

export interface SocialProfile {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  /**
   * Set when a signed-in person connects LinkedIn to their account (after giving their password):
   * their user id. Such a flow finishes only as that person's connection, never as a sign-in.
   */
  linkFor?: string;
}

export class SocialSignInFailed extends Error {}

export const flowLifetimeMs = 10 * 60 * 1000;

function isLoopback(url: string): boolean {
  const { hostname, protocol } = new URL(url);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

function profileFrom(claims: Record<string, unknown>, subject: string): SocialProfile {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim() : undefined;
  return {
    subject,
    email: text(claims.email)?.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}

export class LinkedInSignIn {
  private configuration: Promise<oidc.Configuration> | undefined;
  private readonly flows: SealedCookie<Flow>;

  constructor(
    private readonly settings: LinkedInSettings,
    signingSecret: string,
    private readonly clock: () => Date,
    private readonly fetchImpl?: oidc.CustomFetch,
  ) {
    this.flows = new SealedCookie<Flow>(signingSecret, 'linkedin-flow');
  }

  private provider(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        {
          client_secret: this.settings.clientSecret,
          token_endpoint_auth_method: 'client_secret_post',
        },
        oidc.ClientSecretPost(this.settings.clientSecret),
        {
          ...(this.fetchImpl ? { [oidc.customFetch]: this.fetchImpl } : {}),
          execute: [
            // The ID token's signature is checked against the provider's keys, not only
            // trusted because it came over TLS.
            oidc.enableNonRepudiationChecks,
            // Plain http only for a provider on this machine (tests, local development).
            ...(isLoopback(this.settings.issuer) ? [oidc.allowInsecureRequests] : []),
          ],
        },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /** Where to send the browser, and the sealed cookie that binds the answer to it. */
  async start(redirect: string, linkFor?: string): Promise<{ url: string; cookie: string }> {
    const config = await this.provider();
    const flow: Flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      redirect,
      ...(linkFor ? { linkFor } : {}),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid profile email',
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, cookie: this.flows.seal(flow, flowLifetimeMs, this.clock()) };
  }

  /** Exchanges the code for tokens and answers who signed in; throws SocialSignInFailed. */
  async finish(
    code: string,
    state: string,
    cookie: string | undefined,
    issuer?: string,
  ): Promise<{ profile: SocialProfile; redirect: string; linkFor: string | undefined }> {
    const flow = this.flows.open(cookie, this.clock());
    if (!flow)
      throw new SocialSignInFailed('no sign-in was started in this browser, or it expired');
    const sameState =
      flow.state.length === state.length &&
      crypto.timingSafeEqual(Buffer.from(flow.state), Buffer.from(state));
    if (!sameState) throw new SocialSignInFailed('state does not match');
    const callback = new URL(this.settings.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    // RFC 9207: a provider that names itself in the redirect must be the one we asked.
    if (issuer) callback.searchParams.set('iss', issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(await this.provider(), callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SocialSignInFailed('no ID token');
      return {
        profile: profileFrom(claims, claims.sub),
        redirect: flow.redirect,
        linkFor: flow.linkFor,
      };
    } catch (error) {
      if (error instanceof SocialSignInFailed) throw error;
      throw new SocialSignInFailed(error instanceof Error ? error.message : String(error));
    }
  }

  /** The mobile app's access token: asks the provider who it belongs to and checks the subject. */
  async profileForAccessToken(
    accessToken: string,
    expectedSubject: string,
  ): Promise<SocialProfile> {
    try {
      const claims = await oidc.fetchUserInfo(await this.provider(), accessToken, expectedSubject);
      return profileFrom(claims, claims.sub);
    } catch (error) {
      throw new SocialSignInFailed(error instanceof Error ? error.message : String(error));
    }
  }
}
