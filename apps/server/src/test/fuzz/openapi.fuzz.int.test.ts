// The hostile-input fuzzer at CI size: a few thousand requests, the same ones on every
// run, to every operation of the OpenAPI document, a third of them valid for their operation so
// that every handler runs on input it accepts, every 2xx body checked against the
// schema the document gives it. `npm run fuzz` runs 100k of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzServer } from './fuzz-driver.ts';
import { describeOperations, describeViolations, neverAccepted } from './fuzz-report.ts';
import { startFuzzServer, type FuzzServer } from './fuzz-server.ts';
import { contractBreach } from './answer-checks.ts';
import { DocumentedAnswers } from './answer-schemas.ts';
import { operationsOf, type JsonSchema, type OpenApiDocument } from './openapi-document.ts';
import { validRequestHints } from './valid-requests.ts';

const requests = 3_000;
const seed = 20_260;

describe('hostile and valid input to every operation of the API', () => {
  let fuzzing: FuzzServer;
  beforeAll(async () => {
    fuzzing = await startFuzzServer();
  });
  afterAll(() => fuzzing.close());

  it('never answers 5xx or hangs, answers every 4xx in the error model and every 2xx as documented, and every handler accepts some', async () => {
    const { server, linkedin } = fuzzing;
    // The time allowed is generous: a loaded two-core machine has taken 95 s for the 3,000
    // requests, and no figure of the run is about time.
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
    // Every operation that answers JSON when it accepts had such answers checked against its schema.
    const answeringJson = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, operation]) =>
          Object.entries(operation.responses ?? {}).some(
            ([status, response]) =>
              status.startsWith('2') && response.content?.['application/json'],
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(answeringJson.length).toBeGreaterThan(50);
    expect(answeringJson.filter((operation) => !report.bodiesChecked[operation])).toEqual([]);
    // The hints name operations the document has: a renamed one would lose its hint silently.
    expect(Object.keys(validRequestHints).filter((key) => !operations.includes(key))).toEqual([]);
  }, 240_000);
});

describe('the answer checks of the fuzzer', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const breach = (status: number, body: string, headers: Record<string, string> = json) =>
    contractBreach('POST', '/api/v1/identity/login', { status, headers, body });

  it('pass answers in the error model, and leave 2xx answers to the document check', () => {
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

describe('the check of 2xx answers against the document', () => {
  const thing = { $ref: '#/components/schemas/Thing' };
  const document: OpenApiDocument = {
    paths: {
      '/api/v1/things/{id}': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: thing } } },
            '404': { content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
        delete: { responses: { '204': {} } },
      },
      '/api/v1/things/mine': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { type: 'array', items: thing } } } },
          },
        },
      },
      '/uploads/{name}': {
        get: { responses: { '200': { content: { 'image/webp': {} } } } },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: {
            id: { type: 'string', format: 'uuid' },
            name: { type: 'string', minLength: 1 },
            takenAt: { type: 'string', format: 'date-time' },
            note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          },
          required: ['id', 'name', 'takenAt', 'note'],
          additionalProperties: false,
        } as JsonSchema,
      },
    },
  };
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const aThing = {
    id: '3f1c5a9e-8b2d-4c7e-9f10-2a3b4c5d6e7f',
    name: 'A thing',
    takenAt: '2026-01-31T08:30:00.000Z',
    note: null,
  };
  const check = (
    method: string,
    target: string,
    status: number,
    body: unknown,
    headers: Record<string, string> = json,
  ) => {
    const documented = new DocumentedAnswers(document);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return documented.breach(method, target, { status, headers, body: text });
  };

  it('passes what the document promises, and leaves other statuses to the error model check', () => {
    expect(check('GET', `/api/v1/things/${aThing.id}`, 200, aThing)).toBeUndefined();
    expect(check('GET', `/api/v1/things/${aThing.id}/?x=1`, 200, aThing)).toBeUndefined();
    expect(check('GET', '/api/v1/things/mine', 200, [aThing, { ...aThing, note: 'x' }])).toBe(
      undefined,
    );
    expect(check('DELETE', `/api/v1/things/${aThing.id}`, 204, '')).toBeUndefined();
    expect(check('HEAD', `/api/v1/things/${aThing.id}`, 200, '')).toBeUndefined();
    expect(check('GET', '/uploads/a.webp', 200, 'RIFF', { 'content-type': 'image/webp' })).toBe(
      undefined,
    );
    expect(check('GET', `/api/v1/things/${aThing.id}`, 404, 'anything')).toBeUndefined();
    expect(check('POST', '/nowhere', 302, '')).toBeUndefined();
  });

  it('catches a body its schema refuses, naming where', () => {
    const { note: _note, ...noNote } = aThing;
    expect(check('GET', `/api/v1/things/${aThing.id}`, 200, noNote)).toBe(
      "a 200 outside its documented schema: (the body) must have required property 'note'",
    );
    expect(check('GET', `/api/v1/things/${aThing.id}`, 200, { ...aThing, id: '12' })).toBe(
      'a 200 outside its documented schema: /id must match format "uuid"',
    );
    expect(check('GET', `/api/v1/things/${aThing.id}`, 200, { ...aThing, role: 'ADMIN' })).toBe(
      'a 200 outside its documented schema: (the body) must NOT have additional properties',
    );
    // The static route wins over the parameter, as in the router: a list, not a thing.
    expect(check('GET', '/api/v1/things/mine', 200, aThing)).toBe(
      'a 200 outside its documented schema: (the body) must be array',
    );
  });

  it('catches statuses, content types and bodies the document does not promise', () => {
    const path = `/api/v1/things/${aThing.id}`;
    expect(check('GET', path, 201, aThing)).toBe(
      'a 201, which the document does not list for GET /api/v1/things/{id}',
    );
    expect(check('GET', path, 200, aThing, { 'content-type': 'text/html' })).toBe(
      'a 200 labelled text/html, not application/json',
    );
    expect(check('GET', path, 200, '{"id":')).toBe('a 200 whose body is not JSON');
    expect(check('DELETE', path, 204, '{}')).toBe('a 204 with a body the document says it has not');
    expect(check('PUT', path, 200, aThing)).toBe('a 200 from no operation the document has');
    expect(check('GET', '/api/v1/things/', 200, aThing)).toBe(
      'a 200 from no operation the document has',
    );
  });

  it('counts the bodies it checked, by operation', () => {
    const documented = new DocumentedAnswers(document);
    const answer = { status: 200, headers: json, body: JSON.stringify(aThing) };
    documented.breach('GET', `/api/v1/things/${aThing.id}`, answer);
    documented.breach('GET', `/api/v1/things/${aThing.id}`, { ...answer, status: 404 });
    expect(documented.bodiesChecked).toEqual({ 'GET /api/v1/things/{id}': 1 });
  });
});
