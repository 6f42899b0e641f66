// Who is calling: the bearer access token is checked for its signature and expiry, then its
// session is looked up, so a signed-out or revoked session ends at once and the role used for
// decisions is the one the database holds now, not the one the token was issued with. The hot
// reads fold that look-up into their own query instead (authenticateBySessionRead below;
// docs/decisions/0037-one-round-trip-reads.md): one round trip, the same promise. Such a route
// checks only the token's signature first, and cannot learn who is calling except through a read
// built on the sealed session key, whose answer `admitted` turns into the request's user.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@vitalia/api/identity.contract';
import {
  fromSessions,
  liveSessionCondition,
  sealSessionKey,
  sessionColumns,
  sessionKeyValues,
  sessionPlaceholders,
  type LiveSessionRow,
  type SessionKey,
} from '../db/live-session.ts';
import { accessTokens, type AccessClaims, type AccessTokens } from '../lib/access-token.ts';
import { AppError } from './errors.ts';
import { securityEvent } from '../lib/security-events.ts';

export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  sessionId: string;
  /**
   * The OAuth client the access token was issued to (its `client_id` claim), or null for a token
   * of the login call's session before its first refresh.
   */
  clientId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: the request must carry a valid access token of a live session. */
    authenticate: preHandlerAsyncHookHandler;
    /**
     * preHandler: the request must carry a validly signed access token; whether its session lives
     * is checked by the route's own read, built on `sessionKeyOf(request)` (db/live-session.ts),
     * whose answer (or nothing) goes to `admitted`. Until then the route knows no user.
     */
    authenticateBySessionRead: preHandlerAsyncHookHandler;
    /** preHandler: as authenticate, and the user must hold one of these roles. */
    requireRole(...allowed: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

/**
 * The verified claims of each request's access token. Kept here, not on the request, so that no
 * route reads the user id from a token whose session nobody has checked.
 */
const verifiedClaims = new WeakMap<FastifyRequest, AccessClaims>();

export const unauthorized = () =>
  new AppError(401, 'UNAUTHORIZED', 'Please sign in: your session has ended or is not valid.', {
    'www-authenticate': 'Bearer',
  });

/** The sealed key of the caller's session, for a read built on it: the token's, judged now. */
export function sessionKeyOf(request: FastifyRequest, now = new Date()): SessionKey {
  const claims = verifiedClaims.get(request);
  if (!claims) throw unauthorized();
  return sealSessionKey({ sid: claims.sid, sub: claims.sub, now });
}

/**
 * A read made with the caller's session (db/live-session.ts), once it found the session live: the
 * caller becomes the request's user. A read that found none (the session was revoked or ended)
 * refuses the request as authenticate would have.
 */
export function admitted<T extends { session: LiveSessionRow }>(
  request: FastifyRequest,
  read: T | undefined,
): T {
  const claims = verifiedClaims.get(request);
  if (!claims || !read) throw unauthorized();
  request.authUser = {
    id: read.session.userId,
    username: read.session.username,
    role: read.session.role,
    sessionId: claims.sid,
    clientId: claims.clientId ?? null,
  };
  return read;
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuth(app: FastifyInstance, secret: string): void {
  const tokens = accessTokens(secret);
  app.decorate('accessTokens', tokens);
  app.decorateRequest('authUser', null);

  // Every authenticated call that does not fold the check into its own query runs this one, so it
  // is a named prepared statement: PostgreSQL parses and plans it once per connection.
  const db = app.database.db;
  const liveSessionQuery = fromSessions(db, sessionColumns)
    .where(liveSessionCondition(sessionPlaceholders))
    .prepare('auth_live_session');

  const authenticateBySessionRead: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized();
    verifiedClaims.set(request, claims);
  };
  const authenticate: preHandlerAsyncHookHandler = async function (request, reply) {
    await authenticateBySessionRead.call(this, request, reply);
    const [session] = await liveSessionQuery.execute(sessionKeyValues(sessionKeyOf(request)));
    admitted(request, session && { session });
  };

  app.decorate('authenticateBySessionRead', authenticateBySessionRead);
  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', (...allowed: Role[]): preHandlerAsyncHookHandler => {
    return async function (request, reply) {
      await authenticate.call(this, request, reply);
      const user = currentUser(request);
      if (!allowed.includes(user.role)) {
        securityEvent(request, 'role.refused', {
          userId: user.id,
          role: user.role,
          needed: allowed.join('|'),
          route: request.routeOptions.url,
        });
        throw new AppError(403, 'FORBIDDEN', 'Your account is not allowed to do this.');
      }
    };
  });
}
