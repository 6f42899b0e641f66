// Reminders to measure and the weekly summary: the routes that set them, and the runs the job
// queue makes every minute (jobs/background-work.ts). With TEST_HOOKS (never in production) the
// browser journeys can run them as of a time they choose, instead of waiting for it.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Feature } from '../../infrastructure.ts';
import { remindersRoutes } from './reminders.routes.ts';
import {
  reminderRuns,
  RemindersService,
  UnsubscribeTokens,
  type ReminderRuns,
} from './reminders.service.ts';

export const registerReminders: Feature<{ reminders: ReminderRuns }> = async (
  app,
  { config, db, mailer, clock },
) => {
  const tokens = new UnsubscribeTokens(config.jwtSecret!);
  await app.register(remindersRoutes, { service: new RemindersService(db, clock), tokens });
  const runs = reminderRuns({ db, mailer, tokens });
  if (config.testHooks) {
    app.log.warn('TEST_HOOKS is on: reminders can be run as of any time through the test hook');
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/test/reminders/due',
        { schema: { hide: true, body: z.strictObject({ at: z.iso.datetime({ offset: true }) }) } },
        async (request) => {
          const at = new Date(request.body.at);
          const counts = await runs.sendDueReminders(at);
          return { reminders: { ...counts, summaries: await runs.sendDueSummaries(at) } };
        },
      );
  }
  return { reminders: runs };
};
