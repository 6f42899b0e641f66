// The hostile-input fuzzer at CI size (issue 9): a few thousand requests, the same ones on every
// run, to every operation of the OpenAPI document. `npm run fuzz` runs 100k of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import { describeViolations, fuzzServer } from './fuzz-driver.ts';
import { contractBreach, operationsOf, type OpenApiDocument } from './openapi-fuzz.ts';

const requests = 3_000;
const seed = 20_260;

describe('hostile input to every operation of the API', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ trustProxy: true, logLevel: 'warn' });
  });
  afterAll(() => server.close());

  it('never answers 5xx or hangs, and answers every 4xx in the error model', async () => {
    const report = await fuzzServer(server, { requests, seed, timeoutMs: 5_000 });
    expect(report.violations.length, describeViolations(report.violations)).toBe(0);
    expect(report.sent).toBe(requests);

    // The run reached every operation, signed in as well as not.
    const document = (await (await server.request('/api/openapi.json')).json()) as OpenApiDocument;
    const operations = operationsOf(document).map(({ method, path }) => `${method} ${path}`);
    expect(Object.keys(report.msByOperation).sort()).toEqual(operations.sort());
    expect(report.byStatus['200']).toBeGreaterThan(0);
    expect(report.byStatus['401']).toBeGreaterThan(0);
    expect(report.sessionsRestarted).toBe(0);
  }, 120_000);
});

describe('the answer checks of the fuzzer', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const breach = (status: number, body: string, headers: Record<string, string> = json) =>
    contractBreach('POST', '/api/v1/identity/login', { status, headers, body });

  it('pass answers in the error model, and 2xx answers of any shape', () => {
    expect(breach(400, '{"errors":["Username: is required"]}')).toBeUndefined();
    expect(breach(429, '{"errors":["Too many tries"]}', { ...json, 'retry-after': '60' })).toBe(
      undefined,
    );
    expect(breach(200, 'anything')).toBeUndefined();
    expect(
      contractBreach('POST', '/o/token/', {
        status: 400,
        headers: json,
        body: '{"error":"invalid_grant"}',
      }),
    ).toBeUndefined();
  });

  it('catch 5xx, bodies outside the error model, and a 429 without Retry-After', () => {
    expect(breach(500, '{"errors":["Something went wrong"]}')).toBe('answered 500');
    expect(breach(400, 'Bad Request')).toBe('a 400 whose body is not JSON');
    expect(breach(400, '{"errors":["x"]}', { 'content-type': 'text/plain' })).toBe(
      'a 400 labelled text/plain',
    );
    expect(breach(400, '{"error":"Bad Request","statusCode":400}')).toBe(
      'a 400 outside the error model',
    );
    expect(breach(404, '{"errors":[]}')).toBe('a 404 outside the error model');
    expect(breach(404, '{"errors":[" "]}')).toBe('a 404 outside the error model');
    expect(breach(429, '{"errors":["Too many tries"]}')).toBe('a 429 without Retry-After');
  });
});
