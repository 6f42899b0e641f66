import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { contentSecurityDirectives } from '@vitalia/api/content-security-policy';

/**
 * The headers helmet sets with these options, asked for once. They depend on nothing in the
 * request, and helmet (through @fastify/helmet) rebuilt them from the options on every request,
 * which cost more than a round trip to the database (docs/performance.md).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Strict headers for every answer, the content security policy among them. HSTS is sent only when
 * the public address is https: over plain http it would do nothing.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      // One policy for the server and Vite's preview (packages/api/src/content-security-policy.ts).
      directives: Object.fromEntries(
        Object.entries(contentSecurityDirectives).map(([name, sources]) => [name, [...sources]]),
      ),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  // API answers are one person's: health readings, the profile, tokens. Neither the browser's
  // cache nor a proxy may keep them; an API route that serves something cacheable says so itself.
  // Decided on the route the request reached, which the router matched after decoding the path
  // (/%61pi/v1/... reaches /api/v1/...), and on the raw URL for what matched no route.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    const path = request.routeOptions.url ?? request.url;
    if (path.startsWith('/api/v1/') || request.url.startsWith('/api/v1/')) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/** Compressed answers for clients that accept them (the web app's files, long API answers). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
}
