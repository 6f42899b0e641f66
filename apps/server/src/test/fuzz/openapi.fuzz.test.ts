// The hostile-input fuzzer at CI size (issue 9): a few thousand requests, the same ones on every
// run, to every operation of the OpenAPI document, a third of them valid for their operation so
// that every handler runs on input it accepts (issue 17). `npm run fuzz` runs 100k of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzServer } from './fuzz-driver.ts';
import { describeOperations, describeViolations, neverAccepted } from './fuzz-report.ts';
import { startFuzzServer, type FuzzServer } from './fuzz-server.ts';
import { contractBreach } from './answer-checks.ts';
import { operationsOf, type OpenApiDocument } from './openapi-document.ts';
import { validRequestHints } from './valid-requests.ts';

const requests = 3_000;
const seed = 20_260;

describe('hostile and valid input to every operation of the API', () => {
  let fuzzing: FuzzServer;
  beforeAll(async () => {
    fuzzing = await startFuzzServer();
  });
  afterAll(() => fuzzing.close());

  it('never answers 5xx or hangs, answers every 4xx in the error model, and every handler accepts some', async () => {
    const { server, linkedin } = fuzzing;
    const report = await fuzzServer(server, { requests, seed, timeoutMs: 5_000, linkedin });
    expect(report.violations.length, describeViolations(report.violations)).toBe(0);
    expect(report.sent).toBe(requests);

    // The run reached every operation, signed in as well as not.
    const document = (await (await server.request('/api/openapi.json')).json()) as OpenApiDocument;
    const operations = operationsOf(document).map(({ method, path }) => `${method} ${path}`);
    expect(Object.keys(report.msByOperation).sort()).toEqual([...operations].sort());
    expect(report.byStatus['200']).toBeGreaterThan(0);
    expect(report.byStatus['401']).toBeGreaterThan(0);
    expect(report.sessionsRestarted).toBe(0);

    // Every handler accepted some of its requests, not only refused them.
    expect(Object.keys(report.operations).sort()).toEqual([...operations].sort());
    expect(neverAccepted(report), describeOperations(report)).toEqual([]);
    // The hints name operations the document has: a renamed one would lose its hint silently.
    expect(Object.keys(validRequestHints).filter((key) => !operations.includes(key))).toEqual([]);
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
