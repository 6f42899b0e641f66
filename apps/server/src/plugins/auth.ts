// Who is calling: the bearer access token is checked for its signature and expiry, then its
// session is looked up, so a signed-out or revoked session ends at once and the role used for
// decisions is the one the database holds now, not the one the token was issued with.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@vitalia/api/identity.contract';
import { sessions, users } from '../db/schema/identity.table.ts';
import { accessTokens, type AccessTokens } from './access-token.ts';
import { AppError } from './errors.ts';
import { securityEvent } from './security-events.ts';

export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: the request must carry a valid access token of a live session. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: as authenticate, and the user must hold one of these roles. */
    requireRole(...allowed: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export const unauthorized = () =>
  new AppError(401, 'UNAUTHORIZED', 'Please sign in: your session has ended or is not valid.', {
    'www-authenticate': 'Bearer',
  });

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuth(app: FastifyInstance, secret: string): void {
  const tokens = accessTokens(secret);
  app.decorate('accessTokens', tokens);
  app.decorateRequest('authUser', null);

  // Every authenticated call runs this query, so it is a named prepared statement: PostgreSQL
  // parses and plans it once per connection instead of once per call.
  const liveSession = app.database.db
    .select({
      role: users.role,
      username: users.username,
      revokedAt: sessions.revokedAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, sql.placeholder('sub'))),
    )
    .prepare('auth_live_session');

  const authenticate: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized();
    const [row] = await liveSession.execute({ sid: claims.sid, sub: claims.sub });
    if (!row || row.revokedAt || row.absoluteExpiresAt.getTime() <= Date.now()) {
      throw unauthorized();
    }
    request.authUser = {
      id: claims.sub,
      username: row.username,
      role: row.role,
      sessionId: claims.sid,
    };
  };

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
