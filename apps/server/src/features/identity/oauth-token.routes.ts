// POST /o/token/: the OAuth 2.0 token endpoint for the refresh grant (RFC 6749 sections 2.3.1, 5
// and 6), which the doctors' mobile app and the web app use to keep a session going. Clients
// authenticate with HTTP Basic; the web app is a public client with an empty secret. Answers
// follow the RFC, with our `errors` list beside its `error` so every client can show a message.
import crypto from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  identityPaths,
  oauthErrorResponse,
  oauthTokenRequest,
  oauthTokenResponse,
  webClientId,
} from '@vitalia/api/identity.contract';
import { accessTokenLifetimeSeconds } from '../../lib/access-token.ts';
import { errorBody, requestErrorMessages } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import { sessionOrigin, type SessionService } from './session.service.ts';

export interface OAuthTokenRoutesOptions {
  sessions: SessionService;
  /** Confidential clients by id, with their secrets. */
  clients: Record<string, string>;
}

type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

function sendOAuthError(
  reply: FastifyReply,
  status: number,
  error: OAuthError,
  description: string,
): FastifyReply {
  if (error === 'invalid_client') reply.header('www-authenticate', 'Basic realm="vitalia"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({
      error,
      error_description: description,
      ...errorBody(status, [description], error.toUpperCase()),
    });
}

function basicCredentials(request: FastifyRequest): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
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

export const oauthTokenRoutes: FastifyPluginAsyncZod<OAuthTokenRoutesOptions> = async (
  app,
  { sessions, clients },
) => {
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

  // A body that is not JSON, or a field of the wrong type, fails before the handler runs. The
  // answer must still be an RFC 6749 error: `{ errors }` alone would not match this route's 400
  // schema and would come out as a 500.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refused = requestErrorMessages(error, request);
    if (refused?.status !== 400) throw error;
    return sendOAuthError(reply, 400, 'invalid_request', refused.messages.join(' '));
  });

  const clientAllowed = (credentials: { id: string; secret: string }): boolean => {
    if (credentials.id === webClientId) return credentials.secret === '';
    const expected = clients[credentials.id];
    return expected !== undefined && sameSecret(credentials.secret, expected);
  };

  app.post(
    identityPaths.oauthToken,
    {
      schema: {
        tags: ['identity'],
        operationId: 'refreshTokens',
        summary: 'OAuth 2.0 token endpoint: refresh grant (RFC 6749 section 6)',
        description:
          'Form or JSON body with grant_type=refresh_token and refresh_token; client authentication by HTTP Basic. Every refresh token can be used once: the answer carries the next one. A used token presented again ends the whole session.',
        security: [{ clientAuth: [] }],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: oauthTokenRequest,
        response: { 200: oauthTokenResponse, 400: oauthErrorResponse, 401: oauthErrorResponse },
      },
    },
    async (request, reply) => {
      const credentials = basicCredentials(request);
      if (!credentials || !clientAllowed(credentials)) {
        securityEvent(request, 'client.refused', { clientId: credentials?.id });
        return sendOAuthError(reply, 401, 'invalid_client', 'Client authentication failed.');
      }
      const { grant_type: grantType, refresh_token: refreshToken } = request.body;
      if (!grantType) {
        return sendOAuthError(reply, 400, 'invalid_request', 'grant_type is required.');
      }
      if (grantType !== 'refresh_token') {
        return sendOAuthError(
          reply,
          400,
          'unsupported_grant_type',
          'Only grant_type=refresh_token is supported here.',
        );
      }
      if (!refreshToken) {
        return sendOAuthError(reply, 400, 'invalid_request', 'refresh_token is required.');
      }
      const result = await sessions.rotate(refreshToken, credentials.id, sessionOrigin(request));
      if (result.outcome === 'reused') {
        securityEvent(request, 'refresh.reuse_detected', {
          userId: result.userId,
          sessionId: result.sessionId,
          clientId: credentials.id,
        });
      }
      if (result.outcome === 'other-client') {
        securityEvent(request, 'refresh.other_client', {
          userId: result.userId,
          sessionId: result.sessionId,
          clientId: credentials.id,
        });
      }
      if (result.outcome !== 'rotated') {
        if (result.outcome === 'invalid')
          securityEvent(request, 'refresh.refused', { clientId: credentials.id });
        return sendOAuthError(
          reply,
          400,
          'invalid_grant',
          'The refresh token is not valid: it has expired, been used or been revoked. Please sign in again.',
        );
      }
      securityEvent(request, 'refresh.rotated', {
        userId: result.userId,
        clientId: credentials.id,
      });
      return reply.header('cache-control', 'no-store').send({
        access_token: result.tokens.accessToken,
        refresh_token: result.tokens.refreshToken,
        token_type: 'Bearer' as const,
        expires_in: accessTokenLifetimeSeconds,
      });
    },
  );
};
