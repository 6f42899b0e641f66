// The bench's hook yardstick (`npm run bench -- --only=hooks`, docs/performance.md): the floor
// route of scripts/bench/hello-server.mjs (one prepared `select 1` on a pool of 10) with the
// per-request work of Vitalia's server added one part at a time, each part the server's own code.
// The bench starts it once per part and once with all of them; the difference in requests per
// second is what that part costs every request. Not part of the server: built beside it
// (build.mjs) only so that it measures exactly the code the server runs.
//
//   HOOKS=security-headers,cookies  the parts to add (names below); 'all' for every one
//   LOG_LEVEL=warn                  without the two log lines per request (default info)
import fastifyCookie from '@fastify/cookie';
import Fastify, { type preHandlerAsyncHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';
import { accessTokens } from '../lib/access-token.ts';
import { bearerToken } from '../plugins/auth.ts';
import { loggerOptions, OneLinePerRequest } from '../lib/logging.ts';
import { registerNulGuard } from '../plugins/nul-guard.ts';
import { requestIdFor, requestIdHeader } from '../lib/request-id.ts';
import { registerCompression, registerSecurityHeaders } from '../plugins/security-headers.ts';

const parts = [
  'logging',
  'request-id',
  'nul-guard',
  'cookies',
  'security-headers',
  'compression',
  'access-token',
  'zod-response',
] as const;
type Part = (typeof parts)[number];

const asked = (process.env.HOOKS ?? '').split(',').filter(Boolean);
const unknown = asked.filter((name) => name !== 'all' && !parts.includes(name as Part));
if (unknown.length > 0) throw new Error(`unknown HOOKS: ${unknown.join(', ')}`);
const on = (part: Part) => asked.includes('all') || asked.includes(part);

const level = process.env.LOG_LEVEL ?? 'info';
const app = Fastify({
  // The floor logs as Fastify does by default (two lines a request); 'logging' as the server does.
  logger: on('logging') ? loggerOptions(level) : { level },
  ...(on('logging') ? { logController: new OneLinePerRequest() } : {}),
  ...(on('request-id') ? { genReqId: requestIdFor } : {}),
});
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);

if (on('request-id')) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
}
if (on('nul-guard')) registerNulGuard(app);
if (on('cookies')) await app.register(fastifyCookie);
if (on('security-headers')) await registerSecurityHeaders(app, 'http://127.0.0.1');
if (on('compression')) await registerCompression(app);

const secret = process.env.JWT_SECRET;
const tokens = secret ? accessTokens(secret) : undefined;
const checkToken: preHandlerAsyncHookHandler = async (request, reply) => {
  const token = bearerToken(request);
  if (!tokens || !token || !(await tokens.verify(token))) await reply.code(401).send();
};
if (on('access-token') && !tokens) throw new Error('access-token needs JWT_SECRET');

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const one = { name: 'yardstick_one', text: 'select 1 as one' };
app.get(
  '/one-query',
  {
    ...(on('access-token') ? { preHandler: checkToken } : {}),
    ...(on('zod-response') ? { schema: { response: { 200: z.object({ one: z.number() }) } } } : {}),
  },
  async () => (await pool.query<{ one: number }>(one)).rows[0],
);
// Answers once listening, token or not: the bench waits on it, and asks it for the parts.
app.get('/ready', async () => ({ ready: true }));
app.get('/parts', async () => parts);
app.addHook('onClose', () => pool.end());

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
