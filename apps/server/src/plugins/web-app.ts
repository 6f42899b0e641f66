// Serves the built web app: hashed assets cached for a year, index.html never cached, and
// index.html for any other page path so the browser's router can take over, or, for the public
// pages the build rendered to HTML, that page (docs/decisions/0036-prerendered-public-pages.md). Every other file is
// revalidated on each load (no-cache), among them the service worker (sw.js and its workbox-*.js)
// and manifest.webmanifest, whose names never change: cached for long, they would hold back each
// new version of the app (docs/decisions/0034-installable-app.md). The manifest's type,
// application/manifest+json, comes from the mime table of @fastify/static (web-app.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sharedLinkPage } from '@vitalia/api/sharing.contract';

const longLived = 'public, max-age=31536000, immutable';

export function webAppAvailable(distDir: string): boolean {
  return fs.existsSync(path.join(distDir, 'index.html'));
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    // The build's Brotli copies (apps/web/scripts/precompress.mjs), to browsers that accept
    // Brotli; other files and other browsers are compressed as they are sent (plugins/
    // security-headers.ts), which skips an answer that already names its encoding.
    // docs/decisions/0039-precompressed-assets.md.
    preCompressed: true,
    // The copies themselves are not addresses of the app: asked for by name they are not found.
    allowedPath: (pathname) => !pathname.endsWith('.br'),
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      reply.header('cache-control', isHashedAsset ? longLived : 'no-cache');
      // The page a care-sharing link opens shows someone's health data: never stored, never
      // indexed (docs/decisions/0029-care-sharing.md).
      const pathname = (reply.request.url.split(/[?;]/)[0] ?? '').replace(/\/+$/, '');
      if (pathname.replace(/^\/+/, '/').toLowerCase() === sharedLinkPage) {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex, nofollow');
      }
    },
  });
}

/** Paths the web app's router owns: GET or HEAD, not the API, asking for a page. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  // The API, the token endpoint, and the well-known addresses clients probe
  // (/.well-known/openid-configuration): a client must hear 404 there, not get the app's HTML.
  if (/^\/(api|o|\.well-known)(\/|$)/.test(pathname)) return false;
  // A missing file with an extension (an old hashed asset) is a real 404, not a page.
  if (/\.[a-z0-9]{1,8}$/i.test(pathname)) return false;
  // A client that asks for anything but a page (Accept: application/json, as an app calling a
  // wrong address does) hears 404 in the error model; browsers ask for text/html, and a client
  // that names nothing or anything (*/*) gets the page.
  const accept = (request.headers.accept ?? '').toLowerCase();
  if (accept !== '' && !accept.includes('text/html') && !accept.includes('*/*')) return false;
  return true;
}

/** Where the build writes the public pages rendered to HTML (apps/web/prerender/prerender.mjs). */
const prerenderedDir = 'prerendered';

/**
 * The public pages the build pre-rendered, by path: dist/prerendered/account/signin.html is the
 * page for /account/signin (docs/decisions/0036-prerendered-public-pages.md). Read once at start,
 * like the static files.
 */
export function prerenderedPages(distDir: string): ReadonlyMap<string, string> {
  const pages = new Map<string, string>();
  const folder = path.join(distDir, prerenderedDir);
  if (!fs.existsSync(folder)) return pages;
  for (const entry of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.html')) continue;
    const pagePath = '/' + entry.slice(0, -'.html'.length).split(path.sep).join('/');
    pages.set(pagePath, path.posix.join(prerenderedDir, entry.split(path.sep).join('/')));
  }
  return pages;
}

/**
 * A page path's HTML: its pre-rendered page when the build made one, which paints before any
 * script runs, or index.html, whose app takes over. Never cached, so a new build shows at once.
 */
export function sendIndexPage(
  reply: FastifyReply,
  pages: ReadonlyMap<string, string> = new Map(),
): FastifyReply {
  const pathname = (reply.request.url.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
  return reply.header('cache-control', 'no-cache').sendFile(pages.get(pathname) ?? 'index.html');
}
