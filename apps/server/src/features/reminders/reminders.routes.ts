// A person's reminders to measure: listed, set per measure and removed; and the unsubscribe link
// of the reminder mail, which works without signing in (decision 0022).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@vitalia/api/errors.schema';
import {
  reminder,
  reminderInput,
  weeklySummary,
  weeklySummaryInput,
  reminderList,
  reminderParams,
  remindersPaths,
  unsubscribeAnswer,
  unsubscribeParams,
} from '@vitalia/api/reminders.contract';
import { MEASURES } from '@vitalia/health/measure.catalog';
import { currentUser } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { RemindersService, UnsubscribeTokens } from './reminders.service.ts';

const secured = [{ bearerAuth: [] }];

export interface RemindersRoutesOptions {
  service: RemindersService;
  tokens: UnsubscribeTokens;
}

export const remindersRoutes: FastifyPluginAsyncZod<RemindersRoutesOptions> = async (
  app,
  { service, tokens },
) => {
  app.get(
    remindersPaths.list,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reminders'],
        operationId: 'listReminders',
        summary: "The signed-in person's reminders to measure, soonest first",
        security: secured,
        response: { 200: reminderList, 401: errorResponse },
      },
    },
    async (request) => ({ items: await service.list(currentUser(request).id) }),
  );

  app.get(
    remindersPaths.weeklySummary,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reminders'],
        operationId: 'getWeeklySummary',
        summary: 'Whether the signed-in person gets the weekly summary by mail',
        security: secured,
        response: { 200: weeklySummary, 401: errorResponse },
      },
    },
    async (request) => service.weeklySummary(currentUser(request).id),
  );

  app.put(
    remindersPaths.weeklySummary,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reminders'],
        operationId: 'enableWeeklySummary',
        summary: 'Get the weekly summary by mail: Mondays at 08:00 in this time zone',
        description:
          "Each measure's readings of the week before, the average where it means something, changes of rating and any urgent reading. A week without readings sends nothing.",
        security: secured,
        body: weeklySummaryInput,
        response: { 200: weeklySummary, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => service.enableWeeklySummary(currentUser(request).id, request.body.timeZone),
  );

  app.delete(
    remindersPaths.weeklySummary,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reminders'],
        operationId: 'disableWeeklySummary',
        summary: 'Stop the weekly summary',
        security: secured,
        response: { 204: z.null(), 401: errorResponse },
      },
    },
    async (request, reply) => {
      await service.disableWeeklySummary(currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    remindersPaths.one,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reminders'],
        operationId: 'setReminder',
        summary: 'Set the reminder to measure one measure (replaces the one it had)',
        description:
          'A mail at `time` on each of `days` (ISO weekdays, 1 is Monday) in `timeZone`, unless the measure was recorded since the previous reminder.',
        security: secured,
        params: reminderParams,
        body: reminderInput,
        response: { 200: reminder, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => service.set(currentUser(request).id, request.params.measure, request.body),
  );

  app.delete(
    remindersPaths.one,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reminders'],
        operationId: 'removeReminder',
        summary: 'Stop the reminder to measure one measure',
        security: secured,
        params: reminderParams,
        response: { 204: z.null(), 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { measure } = request.params;
      if (!(await service.remove(currentUser(request).id, measure))) {
        throw notFound(`You have no reminder for ${MEASURES[measure].displayName.toLowerCase()}.`);
      }
      return reply.code(204).send(null);
    },
  );

  // Mail apps' one-click unsubscribe posts a form (RFC 8058 section 3.1) whose only field says
  // 'List-Unsubscribe=One-Click'; the token in the address is all that counts, so the body is read
  // and set aside. In a scope of its own: every other route still takes JSON alone.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, _body, done) => done(null, {}),
      );
    }
    scope.post(
      remindersPaths.unsubscribe,
      {
        schema: {
          tags: ['reminders'],
          operationId: 'unsubscribeReminder',
          summary: "Stop a reminder from its mail's link, without signing in",
          description:
            "The address of a reminder mail's List-Unsubscribe header (RFC 8058 one-click) and of its 'Stop reminders' page. Stopping one already stopped answers 200 too.",
          security: [],
          params: unsubscribeParams,
          response: { 200: unsubscribeAnswer, 404: errorResponse },
        },
      },
      async (request) => {
        const id = tokens.read(request.params.token);
        if (!id) {
          throw notFound(
            'This link does not stop any reminder. Open My Health to change your reminders.',
          );
        }
        const stopped = await service.unsubscribe(id);
        request.log.info({ reminders: { unsubscribed: id, stopped } }, 'stopped from a mail');
        if (stopped === 'summary') {
          return {
            message: 'You will get no more weekly summaries.',
            measure: null,
            stopped: 'weekly summary' as const,
          };
        }
        return stopped
          ? {
              message: `You will get no more reminders to measure your ${MEASURES[stopped].displayName.toLowerCase()}.`,
              measure: stopped,
              stopped: 'reminder' as const,
            }
          : { message: 'This was already stopped.', measure: null, stopped: null };
      },
    );
  });
};
