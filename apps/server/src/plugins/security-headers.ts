import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict headers for every answer. Scripts only from our own origin (the built app has no inline
 * script); styles allow 'unsafe-inline' because MUI's emotion writes <style> tags at run time.
 * HSTS is sent only when the public address is https: over plain http it would do nothing.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
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
