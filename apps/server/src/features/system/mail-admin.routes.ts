// Mail that failed every try (decision 0020): administrators see how many, why, and give one
// another try once the cause is fixed. Neither the message, its address nor its links are shown.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import { failedMailList, failedMailParams, systemPaths } from '@vitalia/api/system.contract';
import { currentUser } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';

const secured = [{ bearerAuth: [] }];
const listed = 100;

export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('ADMIN');

  app.get(
    systemPaths.failedMail,
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        operationId: 'listFailedMail',
        summary: 'Mail that failed every try, newest first',
        security: secured,
        response: { 200: failedMailList, 401: errorResponse, 403: errorResponse },
      },
    },
    async () => {
      const [{ dead }, mails] = await Promise.all([
        app.mailer.deadSummary(),
        app.mailer.failed(listed),
      ]);
      return {
        dead,
        mails: mails.map((mail) => ({
          ...mail,
          createdAt: mail.createdAt.toISOString(),
          failedAt: mail.failedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    systemPaths.retryFailedMail,
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        operationId: 'retryFailedMail',
        summary: 'Try a failed mail once more, now',
        security: secured,
        params: failedMailParams,
        response: {
          202: z.object({ message: z.string() }),
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!(await app.mailer.retry(request.params.id))) {
        throw notFound('There is no failed mail with this id; it may have been retried already.');
      }
      request.log.info(
        { audit: { event: 'mail.retry', by: currentUser(request).id, mail: request.params.id } },
        'failed mail retried',
      );
      return reply.code(202).send({ message: 'The mail will be tried again now.' });
    },
  );
};
