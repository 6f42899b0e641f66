// The reminders' job on the queue: every minute, once across all server processes, the reminders
// that have come due are mailed (decision 0022). With TEST_HOOKS (never in production) the browser
// journeys can also run it as of a time they choose, instead of waiting for it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reminderQueue,
  reminderSchedule,
  sendDueReminders,
  type UnsubscribeTokens,
} from './reminders.service.ts';

export const testHookPath = '/api/test/reminders/due';

export async function scheduleReminders(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    tokens: UnsubscribeTokens;
    emergencyNumber: string;
    clock: () => Date;
    testHooks: boolean;
  },
): Promise<void> {
  const run = async (now: Date) => {
    const counts = await sendDueReminders({
      db: app.database.db,
      mailer: app.mailer,
      publicUrl: options.publicUrl,
      tokens: options.tokens,
      emergencyNumber: options.emergencyNumber,
      now,
    });
    if (counts.sent + counts.summaries + counts.recorded + counts.late > 0) {
      app.log.info({ reminders: counts }, 'reminders: due ones handled');
    }
    return counts;
  };

  await app.jobs.every(
    reminderQueue,
    reminderSchedule,
    // A run that fails is tried again shortly; the next minute's run would catch up anyway.
    { retryLimit: 2, retryDelay: 10, expireInSeconds: 120, deleteAfterSeconds: 3600 },
    async () => {
      await run(options.clock());
    },
  );

  if (!options.testHooks) return;
  app.log.warn('TEST_HOOKS is on: reminders can be run as of any time through the test hook');
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      testHookPath,
      { schema: { hide: true, body: z.strictObject({ at: z.iso.datetime({ offset: true }) }) } },
      async (request) => ({ reminders: await run(new Date(request.body.at)) }),
    );
}
