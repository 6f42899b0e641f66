import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy } from '@vitalia/api/content-security-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '@vitalia/api/zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { call, signedInAccount } from './test/test-calls.ts';

// A route that exists only in this test, so the error model can be exercised before any feature
// accepts a body.
const noteBody = z.strictObject({
  title: z.string().min(1).max(20),
  count: z.number().int().min(0),
  done: z.boolean(),
});

async function errorsOf(response: Response): Promise<string[]> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { errors: string[] };
  expect(Array.isArray(body.errors)).toBe(true);
  return body.errors;
}

/** Bytes as written, for requests no HTTP client would send; answers the status, head and body. */
async function rawExchange(
  baseUrl: string,
  request: string,
): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  socket.end(request);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body };
}

describe('the error model', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await createTestApp({}, (app) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post('/api/v1/test/notes', { schema: { body: noteBody } }, async (request, reply) =>
        reply.code(201).send(request.body),
      );
      typed.get('/api/v1/test/explode', async () => {
        throw new Error('relation "secret_table" does not exist at SELECT password FROM users');
      });
    });
  });
  afterAll(() => server.close());

  const post = (body: string, contentType = 'application/json') =>
    server.request('/api/v1/test/notes', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it('accepts a good body', async () => {
    const response = await post(JSON.stringify({ title: 'Walk', count: 2, done: false }));
    expect(response.status).toBe(201);
  });

  it('answers 400 with one message per bad field, each naming the field', async () => {
    const response = await post(JSON.stringify({ title: '', count: 'two' }));
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual([
      'title: must not be empty',
      'count: must be a number, not a string',
      'done: is required',
    ]);
  });

  it('says the same problems in details, each with a code and its field', async () => {
    const response = await post(JSON.stringify({ title: '', count: 'two' }));
    expect(await response.json()).toEqual({
      errors: [
        'title: must not be empty',
        'count: must be a number, not a string',
        'done: is required',
      ],
      details: [
        { code: 'TOO_SMALL', field: 'title', message: 'must not be empty' },
        { code: 'INVALID_TYPE', field: 'count', message: 'must be a number, not a string' },
        { code: 'INVALID_TYPE', field: 'done', message: 'is required' },
      ],
    });
  });

  it('places a bad query parameter in the query, and a failure of the call by its code', async () => {
    const account = await signedInAccount(server);
    const cursor = await call(server, 'GET', '/api/v1/records/healths?tag=SPO2Value&cursor=nope', {
      token: account.token,
    });
    expect(cursor.status).toBe(400);
    expect(cursor.body).toMatchObject({
      details: [{ code: 'INVALID_CURSOR', field: 'cursor', in: 'query' }],
    });
    const wrong = await call(server, 'PUT', '/api/v1/identity/password/change', {
      token: account.token,
      body: { oldPassword: 'not-my-password-1', newPassword: 'a-new-and-long-one-42' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      errors: ['oldPassword: is not your current password.'],
      details: [
        { code: 'WRONG_PASSWORD', field: 'oldPassword', message: 'is not your current password.' },
      ],
    });
  });

  it('refuses unknown fields by name', async () => {
    const response = await post(
      JSON.stringify({ title: 'a', count: 1, done: true, role: 'ADMIN' }),
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual([
      'Request body: "role" is not a field this call accepts',
    ]);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await post('{"title": "Walk",');
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]).toMatch(/not valid JSON/);
  });

  it('answers 400 for a body that is not an object', async () => {
    const response = await post('[1,2,3]');
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]).toBe('Request body: must be an object, not a list');
  });

  it('answers 400 for a prototype-poisoning key', async () => {
    const response = await post(
      '{"__proto__": {"admin": true}, "title": "a", "count": 1, "done": true}',
    );
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]).toMatch(/keys such as __proto__ are refused/);
  });

  it('answers 415 for a content type it does not take', async () => {
    const response = await post('title=Walk', 'text/plain');
    expect(response.status).toBe(415);
    expect((await errorsOf(response))[0]).toMatch(
      /text\/plain is not accepted here: send application\/json/,
    );
  });

  it('answers 413 for a body over 1 MB', async () => {
    const huge = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10), count: 1, done: true });
    const response = await post(huge);
    expect(response.status).toBe(413);
    expect((await errorsOf(response))[0]).toBe('Request body is too large: send at most 1 MB.');
  });

  it('answers 404 in the error model for an unknown API route', async () => {
    const response = await server.request('/api/v1/nothing-here?x=1');
    expect(response.status).toBe(404);
    expect(await errorsOf(response)).toEqual([
      'Nothing is found at GET /api/v1/nothing-here. The API reference is at /api/docs.',
    ]);
  });

  it('answers 404 for an unknown page when no web app is built', async () => {
    const response = await server.request('/dashboard');
    expect(response.status).toBe(404);
    await errorsOf(response);
  });

  it('answers an address with broken percent-encoding, or a part too long, in the error model', async () => {
    const broken = await server.request('/api/v1/records/health/%ff%fe');
    expect(broken.status).toBe(400);
    expect(await errorsOf(broken)).toEqual([
      'The address is not valid: a % in it must start a %xx escape of UTF-8 text.',
    ]);
    const long = await server.request(`/api/v1/records/health/${'x'.repeat(201)}`);
    expect(long.status).toBe(414);
    expect((await errorsOf(long))[0]).toMatch(/^The address is too long/);
    // Each is logged in one line, as every request is.
    for (const [response, statusCode] of [
      [broken, 400],
      [long, 414],
    ] as const) {
      const requestId = response.headers.get('x-request-id');
      expect(server.logs.filter((line) => line.reqId === requestId)).toContainEqual(
        expect.objectContaining({ msg: 'request completed', res: { statusCode } }),
      );
    }
  });

  it('answers what is not HTTP it can read in the error model, and closes the connection', async () => {
    const oversized = await rawExchange(
      server.baseUrl,
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized.status).toBe(431);
    expect(oversized.head).toMatch(/^connection: close$/im);
    expect(JSON.parse(oversized.body)).toEqual({
      errors: ['The address and headers are too large: send less than 16 KB of them.'],
      details: [
        {
          code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
          message: 'The address and headers are too large: send less than 16 KB of them.',
        },
      ],
    });
    const unknownMethod = await rawExchange(
      server.baseUrl,
      'FOO /healthz HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(unknownMethod.status).toBe(400);
    expect(JSON.parse(unknownMethod.body)).toEqual({
      errors: ['The request is not valid HTTP.'],
      details: [{ code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' }],
    });
  });

  it('refuses the character U+0000, which PostgreSQL cannot store, naming where it is', async () => {
    const body = await post(JSON.stringify({ title: 'a\u0000b', count: 1, done: true }));
    expect(body.status).toBe(400);
    expect(await errorsOf(body)).toEqual(['title: must not contain the character U+0000 (NUL)']);
    // These two reached the database, and answered 500, before.
    const slug = await server.request('/api/v1/education/articles/a%00b');
    expect(slug.status).toBe(400);
    expect(await errorsOf(slug)).toEqual([
      'path slug: must not contain the character U+0000 (NUL)',
    ]);
    const search = await server.request('/api/v1/store/products?q=%00');
    expect(search.status).toBe(400);
    expect(await errorsOf(search)).toEqual([
      'query q: must not contain the character U+0000 (NUL)',
    ]);
  });

  it('answers a 500 that reveals nothing and logs the error with the request id', async () => {
    const response = await server.request('/api/v1/test/explode');
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const [message] = await errorsOf(response);
    expect(message).toBe(
      `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${requestId}.`,
    );
    expect(message).not.toMatch(/secret_table|SELECT|password|at /);
    const logged = server.logs.find((line) => line.msg === 'unexpected error');
    expect(logged?.reqId).toBe(requestId);
    expect(JSON.stringify(logged?.err)).toMatch(/secret_table/);
  });
});

describe('request ids', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  it('puts a request id on every answer, errors included', async () => {
    for (const target of ['/healthz', '/api/v1/unknown', '/api/openapi.json']) {
      const response = await server.request(target);
      expect(response.headers.get('x-request-id'), target).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("keeps a proxy's well-formed request id and replaces one that is not", async () => {
    const kept = await server.request('/healthz', {
      headers: { 'x-request-id': 'proxy-req-12345' },
    });
    expect(kept.headers.get('x-request-id')).toBe('proxy-req-12345');
    const replaced = await server.request('/healthz', {
      headers: { 'x-request-id': 'bad id with spaces and "quotes"' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health endpoints', () => {
  it('says alive, and ready while the database answers, then 503 when it does not', async () => {
    const server = await createTestApp();
    try {
      const live = await server.request('/healthz');
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });

      const ready = await server.request('/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready' });

      await server.app.database.close();
      const down = await server.request('/readyz');
      expect(down.status).toBe(503);
      expect(await errorsOf(down)).toEqual(['The database cannot be reached; try again shortly.']);
      // The process itself is still alive.
      expect((await server.request('/healthz')).status).toBe(200);
    } finally {
      await server.app.close().catch(() => undefined);
      await server.database.drop();
    }
  });
});

describe('the API reference', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await server.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    expect(Object.keys(document.paths['/readyz']?.get?.responses ?? {})).toEqual(['200', '503']);
  });

  it('serves a browsable reference', async () => {
    const response = await server.request('/api/docs/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/swagger-ui/i);
  });

  it('can switch the browsable reference off and keep the document', async () => {
    const quiet = await createTestApp({ apiDocs: false });
    try {
      expect((await quiet.request('/api/docs/')).status).toBe(404);
      expect((await quiet.request('/api/docs/static/index.html')).status).toBe(404);
      const document = await quiet.request('/api/openapi.json');
      expect(document.status).toBe(200);
      expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
      const missing = await quiet.request('/api/v1/nothing-here');
      const nothing =
        'Nothing is found at GET /api/v1/nothing-here. The API reference is at /api/openapi.json.';
      expect(await missing.json()).toEqual({
        errors: [nothing],
        details: [{ code: 'NOT_FOUND', message: nothing }],
      });
    } finally {
      await quiet.close();
    }
  });
});

describe('logs', () => {
  it('never contain the authorization header, cookies or tokens in links', async () => {
    const server = await createTestApp();
    try {
      await server.request('/api/v1/unknown?token=reset-secret-123&order=DESC', {
        headers: { authorization: 'Bearer access-secret-456', cookie: 'session=cookie-secret-789' },
      });
      await server.request('/account/reset/path-secret-000?x=1', {
        headers: { accept: 'text/html' },
      });
      const text = JSON.stringify(server.logs);
      expect(text).toContain('order=DESC');
      expect(text).toContain('/account/reset/[redacted]');
      for (const secret of [
        'reset-secret-123',
        'access-secret-456',
        'cookie-secret-789',
        'path-secret-000',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await server.close();
    }
  });
});

describe('serving the built web app', () => {
  let server: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-web-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><title>Vitalia</title><script type="module" src="/assets/index-abc123.js"></script></html>',
    );
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    server = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for any page path, never cached', async () => {
    for (const page of ['/', '/account/signin?redirect=%2Fstore', '/healths/blood-pressure']) {
      const response = await server.request(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type'), page).toMatch(/text\/html/);
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
      expect(await response.text()).toContain('<title>Vitalia</title>');
    }
  });

  it('serves the page a care-sharing link opens never stored and never indexed', async () => {
    const response = await server.request('/shared');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Vitalia</title>');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('serves hashed assets with a year-long immutable cache, compressed', async () => {
    const response = await server.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 404 for a missing asset and for unknown API routes, not the page', async () => {
    expect((await server.request('/assets/index-old999.js')).status).toBe(404);
    const api = await server.request('/api/v1/nope');
    expect(api.status).toBe(404);
    await errorsOf(api);
  });

  it('answers 404 in the error model at the well-known addresses clients probe, not the page', async () => {
    for (const probe of ['/.well-known/openid-configuration', '/.well-known/smart-configuration']) {
      const answer = await server.request(probe);
      expect(answer.status, probe).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      await errorsOf(answer);
    }
  });

  it('answers 404 in the error model to a client asking for JSON at an address that is no page', async () => {
    const json = await server.request('/patients/7', { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    await errorsOf(json);
    // A browser going to the same address is given the app, whose router says what is there.
    const page = await server.request('/patients/7', {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('sends strict security headers', async () => {
    const response = await server.request('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    // The one policy, which Vite's preview sends too.
    expect(csp).toBe(contentSecurityPolicy());
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain http: HSTS would be ignored by browsers, so it is not sent.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
