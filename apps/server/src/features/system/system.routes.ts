import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import { liveResponse, readyResponse, systemPaths } from '@vitalia/api/system.contract';
import { sendErrors } from '../../plugins/errors.ts';

/**
 * Liveness says the process answers; readiness says its job queue runs and it can reach its
 * database, and tells how many mails failed every try (they do not make the server unready; an
 * administrator retries them).
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    systemPaths.live,
    {
      schema: {
        tags: ['system'],
        operationId: 'getLiveness',
        summary: 'The process is alive',
        security: [],
        response: { 200: liveResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    systemPaths.ready,
    {
      schema: {
        tags: ['system'],
        operationId: 'getReadiness',
        summary: 'The server can reach its database; mail that failed every try',
        security: [],
        response: { 200: readyResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      // Mail and reminders need the job queue, which starts just after the server listens.
      const queue = app.jobs.status();
      if (queue !== 'started') {
        return sendErrors(reply, 503, [
          queue === 'starting'
            ? 'The job queue is starting; try again shortly.'
            : 'The job queue did not start; see the server log.',
        ]);
      }
      let mail;
      try {
        await app.database.ping(2000);
        mail = await app.mailer.deadSummary();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database unreachable');
        return sendErrors(reply, 503, ['The database cannot be reached; try again shortly.']);
      }
      return {
        status: 'ready' as const,
        database: app.database.driver,
        mail: { ...mail, lastFailedAt: mail.lastFailedAt?.toISOString() ?? null },
      };
    },
  );
};
