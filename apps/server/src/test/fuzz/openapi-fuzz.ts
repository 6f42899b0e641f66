// The generators of the hostile-input fuzzer (issue 9): every operation of the published OpenAPI
// document, called with the bodies, queries, paths and headers a careless or hostile client could
// send. Requests are plain data, so a failing one can be printed and sent again by hand; the
// tokens of the signed-in callers and the ids of existing rows are filled in when it is sent.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: string;
  /** The path template, e.g. /api/v1/records/health/{id}. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  headerParams: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  body?: JsonSchema;
  /** The content types the body is documented in, e.g. JSON and a form for /o/token/. */
  bodyTypes: string[];
  /** It names a security scheme: a signed-in caller is needed. */
  secured: boolean;
  /** It documents a 403: only some roles (administrators) may call it. */
  roleRestricted: boolean;
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Inlines `$ref`s; recursion is cut at a depth no request needs. */
function resolved(
  schema: JsonSchema | undefined,
  document: OpenApiDocument,
  depth = 0,
): JsonSchema {
  if (!schema || depth > 12) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolved(document.components?.schemas?.[name], document, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [
        key,
        resolved(value, document, depth + 1),
      ]),
    );
  }
  if (schema.items) out.items = resolved(schema.items, document, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (list) out[key] = list.map((entry) => resolved(entry, document, depth + 1));
  }
  return out;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!httpMethods.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const of = (place: string) =>
        parameters
          .filter((parameter) => parameter.in === place)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required ?? false,
            schema: resolved(parameter.schema, document),
          }));
      const content = operation.requestBody?.content ?? {};
      const bodyTypes = Object.keys(content);
      const firstType = bodyTypes[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: of('path'),
        queryParams: of('query'),
        headerParams: of('header'),
        body: firstType ? resolved(content[firstType]?.schema, document) : undefined,
        bodyTypes,
        secured: (operation.security ?? []).length > 0,
        roleRestricted: Object.keys(operation.responses ?? {}).includes('403'),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Values

/** Strings that have broken servers before: traversal, injection, encodings, numbers as text. */
const nastyStrings = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '..',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '" OR ""="',
  "\\'",
  '\\',
  '%',
  '%00',
  '%zz',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-400',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999999',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeffBOM',
  '🩺💉🫀',
  'Ω≈ç√∫',
  'ｆｕｌｌｗｉｄｔｈ',
  'İıßﬃ',
  'a\r\nSet-Cookie: injected=1',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'ADMIN',
  'FEV1',
  'Very Sad',
  '2026-02-30T25:61:61Z',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'someone@example.com',
  'x@y',
];

const repeatedString = fc
  .tuple(
    fc.constantFrom('x', 'é', '😀', '\u0000', '%', '"', '\\', '{'),
    fc.integer({ min: 257, max: 120_000 }),
  )
  .map(([unit, count]) => unit.repeat(count));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: repeatedString },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    Number.MAX_SAFE_INTEGER,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any value of the wrong kind, for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [[[]]], { '': '' }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'role', 'userId', 'id', 'isAdmin', '', ' ', 'tag'),
  fc.string({ maxLength: 12 }),
);

/** Up to 40 characters: bounded so that a "valid" sample stays a plausible request. */
function boundedLength(schema: JsonSchema): { minLength: number; maxLength: number } {
  const minLength = Math.min(schema.minLength ?? 0, 200);
  return { minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) };
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1890-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress();
  const length = boundedLength(schema);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
    } catch {
      // A pattern fast-check cannot generate from: plain strings of the right length instead.
    }
  }
  return fc.string({ unit: 'grapheme', ...length });
}

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A value the schema would accept, or close to it; children are fuzzed in turn. */
function plausible(schema: JsonSchema, depth: number, hostile = true): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((entry) => plausible(entry, depth, hostile)));
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringFor(schema);
        case 'integer':
          return fc.integer({
            min: Math.max(schema.minimum ?? -1_000_000, -(2 ** 31)),
            max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1),
          });
        case 'number':
          return fc.double({
            min: schema.minimum ?? -1_000_000,
            max: schema.maximum ?? 1_000_000,
            noNaN: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(fuzzed(schema.items ?? {}, depth + 1, hostile), {
            minLength: Math.min(schema.minItems ?? 0, 5),
            maxLength: Math.max(
              Math.min(schema.minItems ?? 0, 5),
              Math.min(schema.maxItems ?? 5, 5),
            ),
          });
        case 'object':
          return objectFor(schema, depth, hostile);
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }),
  );
}

function objectFor(schema: JsonSchema, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [
      key,
      fuzzed(value, depth + 1, hostile),
    ]),
  );
  if (!hostile) {
    const required = new Set(schema.required ?? []);
    return fc.record(fields, {
      requiredKeys: Object.keys(fields).filter((key) => required.has(key)),
    });
  }
  const present = fc.oneof(
    // Every field, so that the handler behind validation runs too.
    { weight: 3, arbitrary: fc.record(fields) },
    // Some fields missing.
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(extraKey, hostileValue, { maxKeys: 3 }) },
  );
  return fc.tuple(present, extra).map(([base, more]) => ({ ...more, ...base }));
}

/** Mostly a plausible value, sometimes a hostile one, at every level. */
function fuzzed(schema: JsonSchema, depth = 0, hostile = true): fc.Arbitrary<unknown> {
  if (!hostile) return plausible(schema, depth, false);
  if (depth > 4) return hostileValue;
  return fc.oneof(
    { weight: 5, arbitrary: plausible(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

/** Who calls: a signed-in USER, a signed-in ADMIN, nobody, or an Authorization header of junk. */
export type Caller = 'user' | 'admin' | 'anonymous' | 'forged';

/** A path parameter: text as it goes on the request line, or the nth id the run has seen. */
export type PathValue = { raw: string } | { knownId: number };

export interface FuzzRequest {
  /** The operation aimed at, as `METHOD /template`. */
  operation: string;
  method: string;
  pathParams: Record<string, PathValue>;
  /** From `?` on, already encoded; empty for none. */
  query: string;
  caller: Caller;
  headers: Record<string, string>;
  body?: Buffer;
  /** How the body is malformed, for the report. */
  bodyKind: string;
}

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included. */
export function encodeComponent(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Node refuses to send a request line with characters outside \x21-\xff; keep the rest raw. */
function rawLatin1(value: string): string {
  return [...value].filter((char) => /[\x21-\xff]/.test(char) && char !== '?').join('');
}

/** What Node lets into a header value. */
function headerSafe(value: string): string {
  return [...value].filter((char) => /[\t\x20-\x7e\x80-\xff]/.test(char)).join('');
}

export function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function pathValue(schema: JsonSchema): fc.Arbitrary<PathValue> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: plausible(schema, 0).map((value) => ({ raw: encodeComponent(asText(value)) })),
    },
    { weight: 2, arbitrary: fc.nat({ max: 50 }).map((knownId) => ({ knownId })) },
    {
      weight: 3,
      arbitrary: hostileString.map((value) => ({ raw: encodeComponent(value.slice(0, 3000)) })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '..',
          '.',
          '%2e%2e',
          '..%2f..%2f..%2fetc%2fpasswd',
          '..%5c..%5cwindows',
          '%2F',
          '%00',
          '%',
          '%zz',
          '%c0%af',
          '%ff%fe',
          '~',
          ';x=1',
          'a/b',
          '%20',
          'x'.repeat(201),
          'x'.repeat(5000),
          '1%27%20OR%201%3D1',
          'DROP%20TABLE%20users',
        )
        .map((raw) => ({ raw })),
    },
    {
      weight: 1,
      arbitrary: hostileString.map((value) => ({ raw: rawLatin1(value).slice(0, 500) })),
    },
  );
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const param = (schema: JsonSchema) =>
    fc.oneof(
      { weight: 3, arbitrary: plausible(schema, 0).map(asText) },
      { weight: 3, arbitrary: hostileString },
    );
  const pairs = fc
    .tuple(
      fc.tuple(
        ...operation.queryParams.map(({ name, schema }) =>
          fc.option(
            fc.oneof(
              { weight: 4, arbitrary: param(schema).map((value) => [[name, value]]) },
              // The same key twice: frameworks turn it into a list.
              {
                weight: 1,
                arbitrary: fc
                  .array(param(schema), { minLength: 2, maxLength: 3 })
                  .map((values) => values.map((value) => [name, value])),
              },
            ),
            { nil: [] as string[][], freq: 3 },
          ),
        ),
      ),
      fc.array(fc.tuple(extraKey, hostileString), { maxLength: 2 }),
    )
    .map(([declared, extras]) => {
      const all = [...declared.flat(), ...extras].map(([key, value]) => [
        encodeComponent(key ?? ''),
        encodeComponent((value ?? '').slice(0, 1500)),
      ]);
      return all.length === 0 ? '' : `?${all.map(([key, value]) => `${key}=${value}`).join('&')}`;
    });
  return fc.oneof(
    { weight: 8, arbitrary: pairs },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '??',
        '?&&&',
        '?=',
        '?%',
        '?a=%',
        '?a=%zz',
        '?tag=%E0%A4%A',
        '?__proto__[admin]=1',
        '?constructor[prototype][admin]=1',
        '?tag=FEV1&tag=BMI',
        '?a[]=1&a[]=2',
        '?limit=-1',
        '?limit=1e9',
        '?limit=00000000000000000001',
        '?cursor=eyJ9',
        '?cursor=%00',
        `?${'a=1&'.repeat(1500)}`,
        '?#fragment',
      ),
    },
  );
}

const junkAuthorizations = [
  'Bearer',
  'Bearer ',
  'Bearer null',
  'Bearer undefined',
  'bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6IkFETUlOIn0.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.e30.AAAA',
  'Basic Og==',
  'Basic !!!',
  'Basic dml0YWxpYS13ZWI6',
  'Digest username="x"',
  'Bearer a b',
  `Bearer ${'a'.repeat(9000)}`,
];

function headersFor(operation: Operation): fc.Arbitrary<Record<string, string>> {
  const hostileHeader = hostileString.map((value) => headerSafe(value).slice(0, 2000));
  const declared = Object.fromEntries(
    operation.headerParams.map(({ name, schema }) => [
      name,
      fc.oneof(
        plausible(schema, 0).map((value) => headerSafe(asText(value))),
        hostileHeader,
      ),
    ]),
  );
  return fc
    .record(
      {
        ...declared,
        'x-forwarded-for': fc.oneof(
          fc.constantFrom(
            '127.0.0.1',
            '::1',
            'unknown',
            '1.2.3.4, 5.6.7.8',
            "'; drop table users; --",
            '999.999.999.999',
            '::ffff:10.0.0.1',
            '[::1]:80',
            '',
          ),
          hostileHeader,
        ),
        'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher', ''),
        'x-forwarded-host': fc.oneof(
          fc.constantFrom('evil.example', 'localhost:99999'),
          hostileHeader,
        ),
        'x-request-id': hostileHeader,
        accept: fc.constantFrom(
          'application/json',
          'text/html',
          '*/*',
          'application/xml',
          'image/png',
          '',
          'text/html;q=0.1, application/json;q=0.9',
        ),
        'accept-encoding': fc.constantFrom(
          'gzip',
          'br',
          'deflate',
          'gzip;q=0, identity',
          'zstd',
          '*',
          'bogus',
        ),
        'accept-language': hostileHeader,
        cookie: fc.oneof(
          fc.constantFrom('vitalia_mfa=', 'vitalia_linkedin=x', '=; =; ;;', 'a=%', 'a=%zz'),
          hostileHeader.map((value) => `vitalia_mfa=${value}`),
          hostileHeader.map((value) => `vitalia_linkedin=${value}`),
        ),
        origin: fc.constantFrom('https://evil.example', 'null'),
        range: fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=999999-', 'bytes=a-b'),
        'if-none-match': hostileHeader,
        'if-modified-since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', ''),
        // Close to, and past, what Node takes in headers (16 KB).
        'x-padding': fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          {
            weight: 1,
            arbitrary: fc.integer({ min: 1_000, max: 40_000 }).map((size) => 'x'.repeat(size)),
          },
        ),
      },
      { requiredKeys: [] },
    )
    .map(
      (headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(([, value]) => value !== undefined),
        ) as Record<string, string>,
    );
}

/** A JSON text nested `depth` levels deep, closed or not. */
function nestedJson(depth: number, opener: string, closed: boolean, inField: boolean): string {
  const open = opener === '[' ? '['.repeat(depth) : '{"a":'.repeat(depth);
  const close = closed ? (opener === '[' ? ']'.repeat(depth) : `1${'}'.repeat(depth)}`) : '';
  return inField ? `{"Tag":${open}${close}}` : `${open}${close}`;
}

export function multipart(
  boundary: string,
  field: string,
  bytes: Uint8Array,
  filename: string,
): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

interface BodyCase {
  kind: string;
  contentType?: string;
  body?: Buffer;
}

const json = 'application/json';

function bodiesFor(operation: Operation): fc.Arbitrary<BodyCase> {
  const schema = operation.body ?? { type: 'object', properties: {} };
  const fieldNames = Object.keys(schema.properties ?? {});
  const sample = fuzzed(schema).map((value) => JSON.stringify(value) ?? 'null');
  // Close to what the schema accepts, so that handlers run and not only validation.
  const wellFormed = plausible(schema, 0, false).map((value) => JSON.stringify(value) ?? 'null');
  const text = (kind: string, contentType: string | undefined, value: string): BodyCase => ({
    kind,
    contentType,
    body: Buffer.from(value, 'utf8'),
  });
  return fc.oneof(
    { weight: 5, arbitrary: sample.map((value) => text('schema-guided JSON', json, value)) },
    { weight: 3, arbitrary: wellFormed.map((value) => text('well-formed JSON', json, value)) },
    {
      weight: 2,
      arbitrary: fc
        .jsonValue({ maxDepth: 4 })
        .map((value) => text('JSON of another shape', json, JSON.stringify(value) ?? 'null')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...(fieldNames.length > 0 ? fieldNames : ['field'])), repeatedString)
        .map(([key, value]) => text('huge string field', json, JSON.stringify({ [key]: value }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1_048_577, max: 1_300_000 })
        .map((size) => text('body over 1 MB', json, JSON.stringify({ pad: 'x'.repeat(size) }))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 50, max: 100_000 }),
          fc.constantFrom('[', '{'),
          fc.boolean(),
          fc.boolean(),
        )
        .map(([depth, opener, closed, inField]) =>
          text(`nesting ${depth} deep`, json, nestedJson(depth, opener, closed, inField)),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          sample.map((value) => value.slice(0, Math.max(1, value.length - 2))),
          fc.string({ maxLength: 60 }),
          fc.constantFrom(
            '',
            ' ',
            'null',
            'true',
            '"text"',
            '{',
            '}',
            '{"a":1,}',
            "{'a':1}",
            'NaN',
            '[1,2,]',
            '\ufeff{}',
          ),
        )
        .map((value) => text('not JSON', json, value)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'text/html',
            'application/xml',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'multipart/form-data; boundary=zzz',
            'application/json; charset=utf-16',
            'application/json; charset=iso-8859-1',
            'application/json; charset=bogus',
            'APPLICATION/JSON',
            'application/json;;',
            'application/merge-patch+json',
            'application/vnd.api+json',
            'application/octet-stream',
            'image/png',
            '*/*',
            ';',
            'application/',
            'json',
          ),
          sample,
        )
        .map(([contentType, value]) => text('wrong content type', contentType, value)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(undefined, json, 'text/plain'),
          fc.constantFrom('no body', 'empty body'),
        )
        .map(([contentType, kind]): BodyCase =>
          kind === 'no body' ? { kind, contentType } : { kind, contentType, body: Buffer.alloc(0) },
        ),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes): BodyCase => ({
        kind: 'random bytes',
        contentType: json,
        body: Buffer.from(bytes),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('file', 'picture', ''),
          fc.oneof(
            fc.uint8Array({ maxLength: 400 }),
            fc
              .uint8Array({ maxLength: 200 })
              .map((bytes) =>
                Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...bytes]),
              ),
          ),
          fc.constantFrom('a.png', '../../x.png', 'a"b.png', 'é.png', ''),
        )
        .map(([field, bytes, filename]): BodyCase => ({
          kind: 'multipart upload',
          contentType: 'multipart/form-data; boundary=fuzzboundary',
          body: multipart('fuzzboundary', field, bytes, filename),
        })),
    },
    {
      weight: operation.bodyTypes.includes('application/x-www-form-urlencoded') ? 4 : 1,
      arbitrary: fuzzed(schema).map((value) => {
        const form = new URLSearchParams();
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          for (const [key, entry] of Object.entries(value)) form.append(key, asText(entry));
        }
        return text('form body', 'application/x-www-form-urlencoded', form.toString());
      }),
    },
  );
}

const otherMethods = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PROPFIND',
  'FOO',
];

/** A 1x1 PNG, for uploads that should get as far as the image checks and past them. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Requests as a careful client would send them, with values at the edges of what the contract
 * allows: they get past validation, so the handlers and the database see odd values too.
 */
function wellFormedFor(operation: Operation): fc.Arbitrary<Omit<FuzzRequest, 'operation'>> {
  const pairs = fc
    .tuple(
      ...operation.queryParams.map(({ name, schema }) =>
        fc.option(
          plausible(schema, 0, false).map((value) => [name, asText(value)] as const),
          { freq: 2 },
        ),
      ),
    )
    .map((entries) => {
      const present = entries.filter((entry) => entry !== null);
      return present.length === 0
        ? ''
        : `?${present.map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`).join('&')}`;
    });
  const headers = fc.record(
    Object.fromEntries(
      operation.headerParams.map(({ name, schema }) => [
        name,
        plausible(schema, 0, false).map((value) => headerSafe(asText(value))),
      ]),
    ),
  );
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(operation.method);
  const body: fc.Arbitrary<BodyCase> = !takesBody
    ? fc.constant({ kind: 'none' })
    : operation.body
      ? plausible(operation.body, 0, false).map((value) => ({
          kind: 'well-formed JSON',
          contentType: json,
          body: Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'),
        }))
      : fc.constant({
          kind: 'a small PNG',
          contentType: 'multipart/form-data; boundary=fuzzboundary',
          body: multipart('fuzzboundary', 'file', tinyPng, 'tiny.png'),
        });
  return fc
    .record({
      caller: fc.constantFrom<Caller>('user', 'admin', 'anonymous'),
      pathParams: fc.record(
        Object.fromEntries(
          operation.pathParams.map(({ name, schema }) => [
            name,
            fc.oneof(
              {
                weight: 2,
                arbitrary: fc.nat({ max: 50 }).map((knownId): PathValue => ({ knownId })),
              },
              {
                weight: 1,
                arbitrary: plausible(schema, 0, false).map((value): PathValue => ({
                  raw: encodeComponent(asText(value)),
                })),
              },
            ),
          ]),
        ),
      ),
      query: pairs,
      headers,
      bodyCase: body,
    })
    .map(({ caller, pathParams, query, headers: declared, bodyCase }) => ({
      method: operation.method,
      caller,
      pathParams,
      query,
      headers: bodyCase.contentType
        ? { ...declared, 'content-type': bodyCase.contentType }
        : declared,
      body: bodyCase.body,
      bodyKind: bodyCase.kind,
    }));
}

/** Every sort of request this fuzzer sends to one operation. */
export function requestsFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const noBody = fc.constant<BodyCase>({ kind: 'none' });
  const body = takesBody
    ? fc.oneof({ weight: 9, arbitrary: bodiesFor(operation) }, { weight: 1, arbitrary: noBody })
    : fc.oneof({ weight: 9, arbitrary: noBody }, { weight: 1, arbitrary: bodiesFor(operation) });
  const hostile = fc
    .record({
      method: fc.oneof(
        { weight: 19, arbitrary: fc.constant(operation.method) },
        { weight: 1, arbitrary: fc.constantFrom(...otherMethods) },
      ),
      caller: fc.oneof(
        { weight: 3, arbitrary: fc.constant<Caller>('user') },
        { weight: 2, arbitrary: fc.constant<Caller>('admin') },
        { weight: 2, arbitrary: fc.constant<Caller>('anonymous') },
        { weight: 1, arbitrary: fc.constant<Caller>('forged') },
      ),
      forged: fc.oneof(
        fc.constantFrom(...junkAuthorizations),
        hostileString.map((value) => `Bearer ${headerSafe(value).slice(0, 500)}`),
      ),
      pathParams: fc.record(
        Object.fromEntries(
          operation.pathParams.map(({ name, schema }) => [name, pathValue(schema)]),
        ),
      ),
      query: queryFor(operation),
      headers: fc.oneof(
        { weight: 1, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: headersFor(operation) },
      ),
      body,
    })
    .map(({ method, caller, forged, pathParams, query, headers, body: bodyCase }) => {
      const all: Record<string, string> = { ...headers };
      if (bodyCase.contentType !== undefined) all['content-type'] = bodyCase.contentType;
      if (caller === 'forged') all.authorization = forged;
      return {
        method,
        pathParams,
        query,
        caller,
        headers: all,
        body: bodyCase.body,
        bodyKind: bodyCase.kind,
      };
    });
  return fc
    .oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: wellFormedFor(operation) })
    .map((request) => ({ operation: `${operation.method} ${operation.path}`, ...request }));
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** RFC 6749 errors are the token endpoint's own model (docs/decisions/0003-error-model-and-contract.md). */
const oauthTokenPath = /^\/o\/token\/?(\?|$)/;

/** What is wrong with an answer, or undefined when it keeps the contract. */
export function contractBreach(method: string, target: string, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400 || method === 'HEAD') return undefined;
  const contentType = String(answer.headers['content-type'] ?? '');
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `a ${answer.status} whose body is not JSON`;
  }
  if (!/^application\/json/i.test(contentType)) {
    return `a ${answer.status} labelled ${contentType || 'with no content type'}`;
  }
  const record = (body ?? {}) as { errors?: unknown; error?: unknown };
  if (oauthTokenPath.test(target) && typeof record.error === 'string' && record.error) {
    return undefined;
  }
  const errors = record.errors;
  if (
    !Array.isArray(errors) ||
    errors.length === 0 ||
    !errors.every((message) => typeof message === 'string' && message.trim() !== '')
  ) {
    return `a ${answer.status} outside the error model`;
  }
  if (answer.status === 429 && !answer.headers['retry-after']) return 'a 429 without Retry-After';
  return undefined;
}
