import { z } from './zod.ts';

export const systemPaths = {
  live: '/healthz',
  ready: '/readyz',
  openApiDocument: '/api/openapi.json',
  apiReference: '/api/docs',
  /** Mail that failed every try, for administrators. */
  failedMail: '/api/v1/admin/mail/failed',
  retryFailedMail: '/api/v1/admin/mail/failed/:id/retry',
} as const;

export const liveResponse = z.object({
  status: z.literal('ok'),
});

/** Mail that failed every try and waits for an administrator (decision 0020). */
export const deadMail = z
  .object({
    dead: z.number().int().meta({ description: 'How many mails failed every try.' }),
    lastError: z
      .string()
      .nullable()
      .meta({ description: "The newest dead mail's last error, its first line." }),
    lastFailedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'DeadMail' });

export const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['embedded', 'postgres']),
  mail: deadMail,
});

export const failedMailItem = z
  .object({
    id: z.uuid(),
    purpose: z.string().meta({ example: 'verify email' }),
    attempts: z.number().int(),
    lastError: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    failedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'FailedMail' });

export const failedMailList = z
  .object({
    dead: z.number().int().meta({ description: 'How many in all; `mails` holds the newest 100.' }),
    mails: z.array(failedMailItem),
  })
  .meta({ id: 'FailedMailList' });

export const failedMailParams = z.object({
  id: z.string().meta({ description: 'The id of a failed mail.' }),
});

export type FailedMail = z.infer<typeof failedMailItem>;
export type FailedMailList = z.infer<typeof failedMailList>;
