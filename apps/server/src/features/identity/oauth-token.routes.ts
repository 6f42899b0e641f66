// POST /o/token/ and POST /o/revoke_token: the OAuth 2.0 token endpoint (RFC 6749) and token
// revocation (RFC 7009), for the web app and the doctors' mobile app
// (docs/decisions/0008-sessions-and-tokens.md, docs/decisions/0049-confidential-clients.md). The
// web app is a public client (vitalia-web, no secret) and only refreshes here. Confidential clients
// (OAUTH_CLIENTS) also sign in here with the password grant, and only tokens issued to one of them
// reach the doctors' calls. A client authenticates by HTTP Basic or by client_id and client_secret
// in the body (RFC 6749 section 2.3.1), never both at once. Answers follow the RFCs, with our
// `errors` list beside their `error` so every client can show a message.
import crypto from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  identityPaths,
  oauthErrorResponse,
  oauthRevokeRequest,
  oauthTokenRequest,
  oauthTokenResponse,
  webClientId,
  type OAuthTokenRequest,
} from '@vitalia/api/identity.contract';
import { accessTokenLifetimeSeconds } from '../../lib/access-token.ts';
import { AppError, errorBody, requestErrorMessages } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { AccountRepository } from './account.repository.ts';
import { checkPassword } from './password-sign-in.ts';
import type { SignInDevices, TrustedDevice } from './sign-in-devices.ts';
import {
  sessionOrigin,
  type SessionService,
  type SignedInTokens,
  type TokenTypeHint,
} from './session.service.ts';

export interface OAuthTokenRoutesOptions {
  sessions: SessionService;
  /** Confidential clients by id, with their secrets. */
  clients: Record<string, string>;
  clock: () => Date;
  /** The doctors' app's device tokens (docs/decisions/0009-passwords-and-attempt-limits.md). */
  devices: SignInDevices;
}

/**
 * Client authentication that fails, or that names a confidential client, counts against the
 * calling address: 20 failures per 15 minutes, then 429 until the window ends
 * (docs/decisions/0009-passwords-and-attempt-limits.md, amendment 2026-11-29). The web app's
 * public client, which proves nothing with a secret, is not counted.
 */
export const clientAuthRules = (ip: string) => [
  { key: `client-auth:address:${ip}`, limit: 20, windowSeconds: 15 * 60 },
];

type OAuthError =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type';

interface Refusal {
  status: 400 | 401 | 429;
  error: OAuthError;
  description: string;
  /** Our code in `details`; the RFC error in capitals when left out. */
  code?: string;
  headers?: Record<string, string>;
}

function sendOAuthError(
  reply: FastifyReply,
  { status, error, description, code, headers = {} }: Refusal,
): FastifyReply {
  if (error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="vitalia"');
  return reply
    .code(status)
    .headers(headers)
    .header('cache-control', 'no-store')
    .send({
      error,
      error_description: description,
      ...errorBody(status, [description], code ?? error.toUpperCase()),
    });
}

const badRequest = (description: string): Refusal => ({
  status: 400,
  error: 'invalid_request',
  description,
});

function basicCredentials(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return undefined;
  try {
    // RFC 6749 section 2.3.1: both parts are form-encoded before they are joined.
    const id = decodeURIComponent(decoded.slice(0, separator).replace(/\+/g, ' '));
    const secret = decodeURIComponent(decoded.slice(separator + 1).replace(/\+/g, ' '));
    return { id, secret };
  } catch {
    return undefined;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/** The client that called, and whether it proved itself with a secret of OAUTH_CLIENTS. */
interface Client {
  id: string;
  confidential: boolean;
}

const authenticationFailed =
  'Client authentication failed: send the client id and secret by HTTP Basic, or as client_id and client_secret in the body.';

/**
 * Who the calling client is, from HTTP Basic or from client_id and client_secret in the body
 * (RFC 6749 section 2.3.1). Using both ways at once is refused (section 2.3), and so is a body's
 * client_id that names another client than the header. The web app is public: its id with an
 * empty secret, or with none in the body (section 3.2.1).
 */
function authenticateClient(
  request: FastifyRequest,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
  clients: Record<string, string>,
): { client: Client } | { refused: Refusal; clientId: string | undefined } {
  const header = request.headers.authorization;
  const fromHeader = header === undefined ? undefined : basicCredentials(header);
  const refuse = (refused: Refusal, clientId?: string) => ({ refused, clientId });
  const failed: Refusal = {
    status: 401,
    error: 'invalid_client',
    description: authenticationFailed,
  };
  if (header !== undefined && !fromHeader) return refuse(failed);
  if (fromHeader && body.client_secret !== undefined) {
    return refuse(
      badRequest(
        'Authenticate the client one way only: HTTP Basic, or client_id and client_secret in the body, not both.',
      ),
      fromHeader.id,
    );
  }
  if (fromHeader && body.client_id !== undefined && body.client_id !== fromHeader.id) {
    return refuse(
      badRequest('client_id names another client than the Authorization header.'),
      fromHeader.id,
    );
  }
  if (!fromHeader && body.client_id === undefined && body.client_secret !== undefined) {
    return refuse(badRequest('client_secret needs client_id beside it.'));
  }
  const credentials =
    fromHeader ??
    (body.client_id === undefined
      ? undefined
      : { id: body.client_id, secret: body.client_secret ?? '' });
  if (!credentials) return refuse(failed);
  if (credentials.id === webClientId) {
    return credentials.secret === ''
      ? { client: { id: webClientId, confidential: false } }
      : refuse(failed, credentials.id);
  }
  // Own keys only: a client id of "constructor" or "__proto__" names no client.
  const expected = Object.hasOwn(clients, credentials.id) ? clients[credentials.id] : undefined;
  if (expected === undefined || !sameSecret(credentials.secret, expected)) {
    return refuse(failed, credentials.id);
  }
  return { client: { id: credentials.id, confidential: true } };
}

function sendTokens(
  reply: FastifyReply,
  tokens: SignedInTokens,
  deviceToken?: string,
): FastifyReply {
  return reply.header('cache-control', 'no-store').send({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer' as const,
    expires_in: accessTokenLifetimeSeconds,
    ...(deviceToken ? { device_token: deviceToken } : {}),
  });
}

const tokenTypeHints: readonly string[] = [
  'refresh_token',
  'access_token',
] satisfies TokenTypeHint[];

export const oauthTokenRoutes: FastifyPluginAsyncZod<OAuthTokenRoutesOptions> = async (
  app,
  { sessions, clients, clock, devices },
) => {
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  const accounts = new AccountRepository(app.database.db);
  const limiter = app.attemptLimiter;

  // A body that is not JSON, or a field of the wrong type, fails before the handler runs. The
  // answer must still be an RFC 6749 error: `{ errors }` alone would not match these routes' 400
  // schema and would come out as a 500.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refused = requestErrorMessages(error, request);
    if (refused?.status !== 400) throw error;
    return sendOAuthError(reply, badRequest(refused.messages.join(' ')));
  });

  /**
   * The calling client; undefined once a refusal is sent (and logged). A secret is judged only
   * after the attempt is counted, so guesses sent together get no more tries than one by one; a
   * right one is handed back.
   */
  async function clientOf(
    request: FastifyRequest,
    body: { client_id?: string | undefined; client_secret?: string | undefined },
    reply: FastifyReply,
  ): Promise<Client | undefined> {
    const checked = authenticateClient(request, body, clients);
    const counted =
      'client' in checked ? checked.client.confidential : checked.refused.status === 401;
    if (counted) {
      const rules = clientAuthRules(request.ip);
      if (!(await limiter.take(rules))) {
        const seconds = (await limiter.retryAfter(rules)) ?? 1;
        const minutes = Math.ceil(seconds / 60);
        securityEvent(request, 'client.refused', {
          clientId: 'client' in checked ? checked.client.id : checked.clientId,
          reason: 'limited',
        });
        sendOAuthError(reply, {
          status: 429,
          error: 'invalid_client',
          code: 'TOO_MANY_ATTEMPTS',
          description: `Too many failed client authentications from this address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          headers: { 'retry-after': String(seconds) },
        });
        return undefined;
      }
      if ('client' in checked) await limiter.refund(rules);
    }
    if ('client' in checked) return checked.client;
    securityEvent(request, 'client.refused', { clientId: checked.clientId });
    sendOAuthError(reply, checked.refused);
    return undefined;
  }

  async function refreshGrant(
    request: FastifyRequest,
    body: OAuthTokenRequest,
    reply: FastifyReply,
    client: Client,
  ): Promise<FastifyReply> {
    const refreshToken = body.refresh_token;
    if (!refreshToken) return sendOAuthError(reply, badRequest('refresh_token is required.'));
    const clientId = client.id;
    const result = await sessions.rotate(refreshToken, clientId, sessionOrigin(request));
    if (result.outcome === 'reused') {
      securityEvent(request, 'refresh.reuse_detected', {
        userId: result.userId,
        sessionId: result.sessionId,
        clientId,
      });
    }
    if (result.outcome === 'other-client') {
      securityEvent(request, 'refresh.other_client', {
        userId: result.userId,
        sessionId: result.sessionId,
        clientId,
      });
    }
    if (result.outcome !== 'rotated') {
      if (result.outcome === 'invalid') securityEvent(request, 'refresh.refused', { clientId });
      return sendOAuthError(reply, {
        status: 400,
        error: 'invalid_grant',
        description:
          'The refresh token is not valid: it has expired, been used or been revoked. Please sign in again.',
      });
    }
    securityEvent(request, 'refresh.rotated', { userId: result.userId, clientId });
    return sendTokens(reply, result.tokens);
  }

  /**
   * RFC 6749 section 4.3, for confidential clients only: the doctors' app signs in here, and its
   * session and tokens belong to it from the start. The password is checked, limited and logged as
   * the login call's is; two-factor sign-in cannot be asked for here.
   */
  async function passwordGrant(
    request: FastifyRequest,
    body: OAuthTokenRequest,
    reply: FastifyReply,
    client: Client,
  ): Promise<FastifyReply> {
    if (!client.confidential) {
      return sendOAuthError(reply, {
        status: 400,
        error: 'unauthorized_client',
        description:
          'The password grant is for registered confidential clients such as the doctors’ app; the web app signs in with POST /api/v1/identity/login.',
      });
    }
    const { username, password } = body;
    if (!username) return sendOAuthError(reply, badRequest('username is required.'));
    if (!password) return sendOAuthError(reply, badRequest('password is required.'));
    try {
      // The app keeps no cookies: it proves a device it signed in on before with the device_token
      // it was given then. It is given one, once it has a session, only when it sends the field
      // (empty while it has none), so an app that keeps no tokens does not push the account's
      // browsers out of its five devices.
      let proven: TrustedDevice | undefined;
      const account = await checkPassword(
        request,
        { limiter, accounts, clock },
        username,
        password,
        {
          trusted: async (found) => (proven = await devices.check(body.device_token, found)),
          keep: async () => {},
        },
      );
      if (account.totpEnabledAt) {
        securityEvent(request, 'sign_in.second_step', { userId: account.id, clientId: client.id });
        return sendOAuthError(reply, {
          status: 400,
          error: 'invalid_grant',
          code: 'TWO_FACTOR_REQUIRED',
          description:
            'Two-factor sign-in is on for this account, and the password grant cannot ask for the code: sign in with POST /api/v1/identity/login and POST /api/v1/identity/token/verify, then refresh that session here with this client’s credentials.',
        });
      }
      const tokens = await sessions.start(account, sessionOrigin(request), client.id);
      securityEvent(request, 'sign_in.succeeded', {
        userId: account.id,
        role: account.role,
        clientId: client.id,
      });
      const deviceToken =
        body.device_token === undefined ? undefined : await devices.issue(account, proven);
      return sendTokens(reply, tokens, deviceToken);
    } catch (error) {
      // Wrong credentials, too many attempts, or an account waiting to be deleted: RFC 6749 names
      // them all invalid_grant, and our code in `details` says which.
      if (!(error instanceof AppError)) throw error;
      return sendOAuthError(reply, {
        status: error.statusCode === 429 ? 429 : 400,
        error: 'invalid_grant',
        description: error.messages.join(' '),
        code: error.code,
        headers: error.headers,
      });
    }
  }

  app.post(
    identityPaths.oauthToken,
    {
      schema: {
        tags: ['identity'],
        // Named when refreshing was its only grant; generated clients already call it so.
        operationId: 'refreshTokens',
        summary:
          'OAuth 2.0 token endpoint: the refresh grant, and the password grant for confidential clients (RFC 6749 sections 6 and 4.3)',
        description:
          'Form or JSON body. The client authenticates by HTTP Basic, or with client_id and client_secret in the body (client_secret_post), never both. grant_type=refresh_token with refresh_token: every refresh token can be used once, the answer carries the next one, and a used token presented again ends the whole session; a session belongs to the client that started it here or first refreshed it. grant_type=password with username and password: confidential clients only (the doctors’ app; the web app answers unauthorized_client), limited as sign-in from an unknown device is (the app keeps no device cookie: 5 failures per account and address, 100 per address, and the account slowed down after 10 failures in 24 hours, 429 with Retry-After), and refused with TWO_FACTOR_REQUIRED for an account with two-factor sign-in on. Failed client authentication, and every authentication of a confidential client, counts against the calling address: after 20 failures in 15 minutes it answers 429 invalid_client with Retry-After until the window ends; a right secret is handed back, and the web app’s public client is not counted. Only tokens issued to a confidential client reach the doctors’ calls (/api/v1/doctor/...).',
        security: [{ clientAuth: [] }],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: oauthTokenRequest,
        response: {
          200: oauthTokenResponse,
          400: oauthErrorResponse,
          401: oauthErrorResponse,
          429: oauthErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const client = await clientOf(request, request.body, reply);
      if (!client) return reply;
      const grantType = request.body.grant_type;
      if (!grantType) return sendOAuthError(reply, badRequest('grant_type is required.'));
      if (grantType === 'refresh_token') return refreshGrant(request, request.body, reply, client);
      if (grantType === 'password') return passwordGrant(request, request.body, reply, client);
      return sendOAuthError(reply, {
        status: 400,
        error: 'unsupported_grant_type',
        description: 'grant_type must be refresh_token, or password for a confidential client.',
      });
    },
  );

  app.post(
    identityPaths.oauthRevoke,
    {
      schema: {
        tags: ['identity'],
        operationId: 'revokeToken',
        summary: 'OAuth 2.0 token revocation (RFC 7009)',
        description:
          'Form or JSON body with token, and token_type_hint (refresh_token or access_token) if the client knows; the client authenticates as at the token endpoint. Revoking either token of a session ends the whole session: its refresh token and every access token of it stop working at once. Only the client a session belongs to may revoke its tokens (400 unauthorized_client otherwise). Client authentication is limited per address as at the token endpoint (429). A token this server does not know, or one already revoked or expired, answers 200 as well.',
        security: [{ clientAuth: [] }],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: oauthRevokeRequest,
        response: {
          200: z
            .undefined()
            .describe(
              'The token no longer works: it was revoked now, or it was not a live token of this server.',
            ),
          400: oauthErrorResponse,
          401: oauthErrorResponse,
          429: oauthErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const client = await clientOf(request, request.body, reply);
      if (!client) return reply;
      const { token, token_type_hint: hint } = request.body;
      if (!token) return sendOAuthError(reply, badRequest('token is required.'));
      const result = await sessions.revokeToken(
        token,
        client.id,
        // RFC 7009 section 2.1: a hint the server does not know is ignored.
        hint !== undefined && tokenTypeHints.includes(hint) ? (hint as TokenTypeHint) : undefined,
      );
      if (result.outcome === 'other-client') {
        securityEvent(request, 'revocation.other_client', {
          userId: result.userId,
          sessionId: result.sessionId,
          clientId: client.id,
        });
        return sendOAuthError(reply, {
          status: 400,
          error: 'unauthorized_client',
          description: 'This token was issued to another client; only that client may revoke it.',
        });
      }
      if (result.outcome === 'revoked') {
        securityEvent(request, 'session.ended', {
          userId: result.userId,
          sessionId: result.sessionId,
          clientId: client.id,
        });
      }
      return reply.code(200).header('cache-control', 'no-store').send(undefined);
    },
  );
};
