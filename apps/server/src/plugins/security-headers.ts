import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { contentSecurityDirectives } from '@vitalia/api/content-security-policy';

/**
 * Strict headers for every answer, the content security policy among them. HSTS is sent only when
 * the public address is https: over plain http it would do nothing.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
): Promise<void> {
  await app.register(fastifyHelmet, {
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
