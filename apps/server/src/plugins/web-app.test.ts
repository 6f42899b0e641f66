import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './security-headers.ts';
import { isPageRequest, prerenderedPages, registerWebApp, sendIndexPage } from './web-app.ts';

// The installable app's files at the root of the build (docs/decisions/0034-installable-app.md).
// The pages and hashed assets are covered with the whole app in app.int.test.ts.
describe('serving the service worker and the manifest', () => {
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-web-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'icons'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vitalia</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'workbox-2fbc6a65.js'), 'define([], () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Vitalia"}');
    fs.writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50]));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
    app = Fastify();
    await registerWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('revalidates the worker and its Workbox runtime on every load, so updates reach people', async () => {
    for (const file of ['/sw.js', '/workbox-2fbc6a65.js']) {
      const response = await app.inject({ url: file });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type'], file).toMatch(/^(application|text)\/javascript/);
      expect(response.headers['cache-control'], file).toBe('no-cache');
    }
  });

  it('serves the manifest as a web app manifest, revalidated on every load', async () => {
    const response = await app.inject({ url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ name: 'Vitalia' });
  });

  it('keeps the year-long cache for hashed assets only', async () => {
    const icon = await app.inject({ url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

/**
 * The web app served from `dist` as app.ts serves it: the static files, and every page path they
 * do not hold answered with its page; with the compression app.ts registers before them.
 */
async function webAppServing(dist: string, { compressed = false } = {}): Promise<FastifyInstance> {
  const app = Fastify();
  if (compressed) await registerCompression(app);
  await registerWebApp(app, dist);
  const pages = prerenderedPages(dist);
  app.setNotFoundHandler((request, reply) =>
    isPageRequest(request) ? sendIndexPage(reply, pages) : reply.code(404).send(),
  );
  await app.ready();
  return app;
}

// The public pages rendered to HTML at build time (docs/decisions/0036-prerendered-public-pages.md).
describe('answering a page path with its pre-rendered page', () => {
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-web-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'prerendered', 'account', 'password'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<div id="root">shell</div>');
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'account', 'signin.html'),
      '<div id="root" data-prerendered="/account/signin">sign in</div>',
    );
    fs.writeFileSync(
      path.join(dist, 'prerendered', 'account', 'password', 'reset.html'),
      '<div id="root" data-prerendered="/account/password/reset">reset</div>',
    );
    app = await webAppServing(dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('finds each pre-rendered page under its path', () => {
    expect(Object.fromEntries(prerenderedPages(dist))).toEqual({
      '/account/signin': 'prerendered/account/signin.html',
      '/account/password/reset': 'prerendered/account/password/reset.html',
    });
  });

  it('answers a pre-rendered path with its page, never cached, with or without a query', async () => {
    for (const url of [
      '/account/signin',
      '/account/signin?redirect=%2Fhealths',
      '/account/signin/',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('data-prerendered="/account/signin"');
    }
    const reset = await app.inject({ url: '/account/password/reset' });
    expect(reset.body).toContain('data-prerendered="/account/password/reset"');
  });

  it('answers every other page path with index.html', async () => {
    for (const url of ['/', '/healths', '/account', '/account/signin/more', '/account/password']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe('<div id="root">shell</div>');
    }
  });

  it('answers index.html everywhere when the build pre-rendered nothing', () => {
    expect(prerenderedPages(path.join(dist, 'missing')).size).toBe(0);
  });
});

// The build's Brotli copies (apps/web/scripts/precompress.mjs; docs/decisions/0039-precompressed-assets.md),
// with the compression the app registers before the web app, as app.ts does.
describe("sending the build's Brotli copies", () => {
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-web-dist-'));
  const script = `export const readings = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, tag: 'oxygen' })))};`;
  const page = `<div id="root" data-prerendered="/account/signin">${'<p>Sign in</p>'.repeat(200)}</div>`;
  const brotli = (text: string) => zlib.brotliCompressSync(Buffer.from(text));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'prerendered', 'account'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<div id="root">shell</div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotli(script));
    // A file the build left without a copy (smaller than a kilobyte, or not text).
    fs.writeFileSync(path.join(dist, 'assets', 'other-def456.js'), script);
    fs.writeFileSync(path.join(dist, 'prerendered', 'account', 'signin.html'), page);
    fs.writeFileSync(path.join(dist, 'prerendered', 'account', 'signin.html.br'), brotli(page));
    app = await webAppServing(dist, { compressed: true });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the copy as it is to a browser that accepts Brotli, compressed once', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.rawPayload).toEqual(
      fs.readFileSync(path.join(dist, 'assets', 'index-abc123.js.br')),
    );
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('compresses the file itself for a browser without Brotli, and sends it plain to one that asks for nothing', async () => {
    const gzipped = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses a file the build left without a copy as it sends it', async () => {
    const response = await app.inject({
      url: '/assets/other-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it("sends a pre-rendered page's copy under the page's path", async () => {
    const response = await app.inject({
      url: '/account/signin',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('does not serve a copy under its own name', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/prerendered/account/signin.html.br']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
