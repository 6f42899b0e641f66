import { z } from './zod.ts';

export const systemPaths = {
  live: '/healthz',
  ready: '/readyz',
  openApiDocument: '/api/openapi.json',
  apiReference: '/api/docs',
} as const;

export const liveResponse = z.object({
  status: z.literal('ok'),
});

export const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['embedded', 'postgres']),
});
