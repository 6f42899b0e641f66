// The signed-in person's sessions: where they are signed in, and ending any of them
// (docs/decisions/0008-sessions-and-tokens.md). Only the owner's own sessions are ever listed or
// ended; another person's session id answers 404 as a missing one does.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  endedSessionsResponse,
  identityPaths,
  sessionIdParams,
  sessionsResponse,
  type SessionView,
} from '@vitalia/api/identity.contract';
import { currentUser } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { securityEvent } from '../../lib/security-events.ts';
import type { IdentityServices } from './identity.services.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { SessionRow } from './session.service.ts';

const secured = [{ bearerAuth: [] }];

const sessionStatusRequest = z
  .strictObject({ refreshToken: z.string().min(1).max(512) })
  .meta({ id: 'SessionStatusRequest' });
const sessionStatusResponse = z.object({ active: z.boolean() }).meta({ id: 'SessionStatus' });
const tags = ['identity'];

function viewOf(row: SessionRow, currentId: string): SessionView {
  return {
    id: row.id,
    current: row.id === currentId,
    client: row.clientId,
    device: describeUserAgent(row.userAgent),
    ip: row.lastIp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  };
}

export const sessionsRoutes: FastifyPluginAsyncZod<IdentityServices> = async (app, services) => {
  const { sessions } = services;

  app.get(
    identityPaths.sessions,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'listSessions',
        summary: 'Where you are signed in',
        description:
          'Every live session of the signed-in person, the most recently used first, with the browser or app, the address it was last used from and when (updated at sign-in and at each token refresh). The one making the call is marked current.',
        security: secured,
        response: { 200: sessionsResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const rows = await sessions.liveSessions(user.id);
      return { sessions: rows.map((row) => viewOf(row, user.sessionId)) };
    },
  );

  app.delete(
    identityPaths.sessionById,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'endSession',
        summary: 'End one of your sessions',
        description:
          "Its tokens stop working at once. Ending the current session signs this device out. Another person's session, or one already ended, answers 404.",
        security: secured,
        params: sessionIdParams,
        response: { 204: z.null(), 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ended = await sessions.endOwn(user.id, request.params.id, 'ended by its owner');
      if (!ended) throw notFound('There is no such session of yours; it may have ended already.');
      securityEvent(request, 'session.ended', { userId: user.id, sessionId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    identityPaths.sessionsEndOthers,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        operationId: 'endOtherSessions',
        summary: 'End every session but this one',
        description:
          'Signs out every other browser and app; this one stays signed in. Answers how many ended.',
        security: secured,
        response: { 200: endedSessionsResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ended = await sessions.endOthers(user.id, user.sessionId, 'ended by its owner');
      securityEvent(request, 'session.ended', { userId: user.id, others: ended });
      return { ended };
    },
  );

  app.post(
    identityPaths.sessionStatus,
    {
      schema: {
        tags,
        operationId: 'sessionStatus',
        summary: 'Whether a session is still live',
        description:
          "The refresh token is the credential, as at sign-out; nothing is used or changed. Answers active: false when the session has ended (signed out, ended from another device, a password changed), has expired, or the token is not one of this server's. The web app asks this when it starts, before it shows anything it kept on the device of the person, so a phone whose session was ended elsewhere shows none of it. A token already exchanged for a newer one still names its session.",
        security: [],
        body: sessionStatusRequest,
        response: { 200: sessionStatusResponse, 400: errorResponse },
      },
    },
    async (request) => ({ active: await sessions.sessionAlive(request.body.refreshToken) }),
  );
};
