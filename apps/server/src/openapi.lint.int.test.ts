// The OpenAPI document is what the doctors' mobile app generates its client from (decision 0027):
// every operation is named once and says who may call it, the document holds only the schemas
// its operations use, and it passes a well-kept linter's recommended rules.
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutUnusedSchemas } from './plugins/openapi.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    securitySchemes?: Record<string, { type: string; scheme?: string }>;
  };
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

function operationsOf(document: OpenApiDocument): Array<{ name: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
}

/** The names of the component schemas reached from the paths, through other schemas too. */
function reachedSchemas(document: OpenApiDocument): Set<string> {
  const prefix = '#/components/schemas/';
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) {
        const name = value.slice(prefix.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(document.components?.schemas?.[name]);
        }
      } else {
        visit(value);
      }
    }
  };
  visit(document.paths);
  return reached;
}

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

/** Where the document is linted from; the linter's exceptions are keyed by it. */
const documentRef = '/api/openapi.json';

/** The spec's token endpoint is `/o/token/`, trailing slash included: clients already call it so. */
const tokenPathWithSlash = '#/paths/~1o~1token~1';

describe('the OpenAPI document, for generated clients', () => {
  let server: TestApp;
  let source: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    // Served as deployed: PUBLIC_URL is the https address people use (docs/operations.md), and the
    // document names it as its server. The tests' own default is localhost.
    server = await createTestApp({ publicUrl: 'https://vitalia.example.org' });
    const response = await server.request('/api/openapi.json');
    expect(response.status).toBe(200);
    source = await response.text();
    document = JSON.parse(source) as OpenApiDocument;
  });
  afterAll(() => server.close());

  it('names every operation once, in camelCase', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(70);
    const unnamed = operations.filter(({ operation }) => !operation.operationId);
    expect(unnamed.map(({ name }) => name)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId!);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('says of every operation who may call it, by a scheme the document defines', () => {
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const undeclared = operationsOf(document).filter(
      ({ operation }) => !Array.isArray(operation.security),
    );
    expect(undeclared.map(({ name }) => name)).toEqual([]);
    const unknownSchemes = operationsOf(document).flatMap(({ name, operation }) =>
      (operation.security ?? [])
        .flatMap((requirement) => Object.keys(requirement))
        .filter((scheme) => !(scheme in schemes))
        .map((scheme) => `${name}: ${scheme}`),
    );
    expect(unknownSchemes).toEqual([]);
  });

  it('has the public operations say so, and the signed-in ones declare the 401 they answer', () => {
    const byName = new Map(operationsOf(document).map((entry) => [entry.name, entry.operation]));
    expect(byName.get('POST /api/v1/identity/login')?.security).toEqual([]);
    expect(byName.get('GET /api/v1/store/products')?.security).toEqual([]);
    expect(byName.get('GET /api/v1/identity/profile')?.security).toEqual([{ bearerAuth: [] }]);
    // Reading an article needs no session, but a token that is sent counts (drafts for admins).
    expect(byName.get('GET /api/v1/education/articles/{slug}')?.security).toEqual([
      {},
      { bearerAuth: [] },
    ]);
    // The token endpoint and revocation authenticate the client app, not a person.
    expect(byName.get('POST /o/token/')?.security).toEqual([{ clientAuth: [] }]);
    expect(byName.get('POST /o/revoke_token')?.security).toEqual([{ clientAuth: [] }]);

    const signedIn = operationsOf(document).filter(({ operation }) => {
      const security = operation.security ?? [];
      return security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement);
    });
    expect(signedIn.length).toBeGreaterThan(40);
    const without401 = signedIn.filter(({ operation }) => !operation.responses?.['401']);
    expect(without401.map(({ name }) => name)).toEqual([]);
  });

  it('holds only the component schemas some operation uses', () => {
    const schemas = Object.keys(document.components?.schemas ?? {});
    expect(schemas.length).toBeGreaterThan(0);
    const reached = reachedSchemas(document);
    expect(schemas.filter((name) => !reached.has(name))).toEqual([]);
    // And none that is used is missing.
    expect([...reached].filter((name) => !schemas.includes(name))).toEqual([]);
  });

  // These two stand in for the linter's operation-2xx-response and operation-4xx-response, which
  // are off below (decision 0027).
  it('answers every operation with a success, or the redirect a browser follows', () => {
    const withoutSuccess = operationsOf(document).filter(
      ({ operation }) => !Object.keys(operation.responses ?? {}).some((code) => /^[23]/.test(code)),
    );
    expect(withoutSuccess.map(({ name }) => name)).toEqual([]);
  });

  it('declares a 4xx answer for every operation that takes input', () => {
    const takesInput = operationsOf(document).filter(
      ({ operation }) => (operation.parameters ?? []).length > 0 || operation.requestBody,
    );
    expect(takesInput.length).toBeGreaterThan(50);
    const without4xx = takesInput.filter(
      ({ operation }) => !Object.keys(operation.responses ?? {}).some((code) => /^4/.test(code)),
    );
    expect(without4xx.map(({ name }) => name)).toEqual([]);
  });

  it("passes the Redocly linter's recommended rules", async () => {
    const config = await createConfig(
      {
        extends: ['recommended'],
        rules: {
          // The API is Vitalia's own, for its own apps: there is no licence to name.
          'info-license': 'off',
          // GET /api/v1/identity/social/linkedin/start only redirects (302) the browser.
          'operation-2xx-response': 'off',
          // GET /healthz, /readyz, /api/v1/identity/social/providers and /api/v1/store/pickup
          // take no input, so no answer of theirs is the client's fault.
          'operation-4xx-response': 'off',
        },
      },
      { ignore: { [documentRef]: { 'no-path-trailing-slash': new Set([tokenPathWithSlash]) } } },
    );
    const problems = await lintFromString({ source, absoluteRef: documentRef, config });
    expect(problems.filter((problem) => !problem.ignored).map(describeProblem)).toEqual([]);
    // The one exception is still needed, and is the only one.
    expect(
      problems
        .filter((problem) => problem.ignored)
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`),
    ).toEqual([`no-path-trailing-slash ${tokenPathWithSlash}`]);
  });

  it('types the paging parameters as the server enforces them: an enum, a bounded integer', () => {
    const parameter = (operation: string, name: string) =>
      (
        operationsOf(document).find((entry) => entry.name === operation)?.operation.parameters as
          Array<{ name: string; in: string; schema: Record<string, unknown> }> | undefined
      )?.find((each) => each.in === 'query' && each.name === name)?.schema;
    for (const operation of [
      'GET /api/v1/doctor/patients/{id}/readings',
      'GET /api/v1/records/healths',
    ]) {
      expect(parameter(operation, 'order'), operation).toMatchObject({
        type: 'string',
        enum: ['DESC', 'ASC'],
      });
      expect(parameter(operation, 'limit'), operation).toEqual(
        expect.objectContaining({ type: 'integer', minimum: 1, maximum: 200 }),
      );
      expect(parameter(operation, 'limit'), operation).not.toHaveProperty('pattern');
    }
    expect(parameter('GET /api/v1/education/articles', 'limit')).toMatchObject({
      type: 'integer',
      minimum: 1,
    });
  });
});

describe('leaving out the schemas no operation uses', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const document = {
    openapi: '3.1.0',
    paths: {
      '/a': {
        get: { responses: { 200: { content: { 'application/json': { schema: ref('A') } } } } },
      },
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      responses: { Failure: { content: { 'application/json': { schema: ref('Failure') } } } },
      schemas: {
        A: { type: 'object', properties: { b: ref('B') } },
        B: { type: 'array', items: ref('C') },
        C: { type: 'string' },
        Failure: { type: 'object' },
        AInput: { type: 'object' },
        Unused: { type: 'object', properties: { c: ref('C') } },
      },
    },
  };

  it('keeps the schemas reached from the paths, through other schemas and components', () => {
    const kept = withoutUnusedSchemas(document);
    expect(Object.keys(kept.components.schemas).sort()).toEqual(['A', 'B', 'C', 'Failure']);
    expect(kept.components.securitySchemes).toEqual(document.components.securitySchemes);
    expect(kept.paths).toBe(document.paths);
  });

  it('leaves a document without schemas as it is', () => {
    const bare = { openapi: '3.1.0', paths: {} };
    expect(withoutUnusedSchemas(bare)).toBe(bare);
  });
});
