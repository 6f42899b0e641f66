// Valid-request hints of reminders, weekly summaries and the mail they go by: a person of their
// own with a confirmed address, unsubscribe tokens as the mail carries them, and dead mail.
import fc from 'fast-check';
import { expectStatus, type OperationHint } from './valid-plan.ts';

const timeZones = fc.constantFrom(
  'Africa/Lagos',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
  'UTC',
);
const reminderBody = fc.record({
  days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
  time: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  timeZone: timeZones,
});

export const remindersHints: Record<string, OperationHint> = {
  // Reminders and summaries need a confirmed address: a person of their own who has confirmed it.
  'PUT /api/v1/reminders/{measure}': {
    caller: 'fresh',
    body: () => reminderBody,
    prepare: async (_plan, run, caller) => run.confirmAddress(caller!.username),
  },
  'PUT /api/v1/reminders/weekly-summary': {
    caller: 'fresh',
    body: () => fc.record({ timeZone: timeZones }),
    prepare: async (_plan, run, caller) => run.confirmAddress(caller!.username),
  },
  'DELETE /api/v1/reminders/{measure}': {
    caller: 'fresh',
    prepare: async (plan, run, caller) => {
      await run.confirmAddress(caller!.username);
      const measure = plan.pathParams.measure!;
      expectStatus(
        await run.call('PUT', `/api/v1/reminders/${measure}`, {
          token: caller!.token,
          body: { days: [1], time: '08:00', timeZone: 'Africa/Lagos' },
        }),
        200,
        'a reminder to remove',
      );
    },
  },
  'POST /api/v1/reminders/unsubscribe/{token}': {
    caller: 'anonymous',
    bodyType: 'form',
    body: () => fc.constant({ 'List-Unsubscribe': 'One-Click' }),
    prepare: async (plan, run) => {
      plan.pathParams.token = await run.reminderToken();
    },
  },
  'POST /api/v1/admin/mail/failed/{id}/retry': {
    caller: 'admin',
    prepare: async (plan, run) => {
      plan.pathParams.id = await run.deadMail();
    },
  },
};
