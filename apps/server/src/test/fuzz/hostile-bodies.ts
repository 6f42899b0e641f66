// The bodies the hostile share sends: schema-guided JSON, JSON of another shape, huge and deeply
// nested texts, broken JSON, wrong content types, random bytes, uploads and form bodies.
import fc from 'fast-check';
import type { Operation } from './openapi-document.ts';
import { repeatedString } from './hostile-values.ts';
import { fuzzed, plausible } from './schema-values.ts';
import { asText, multipart } from './wire-format.ts';

/** A JSON text nested `depth` levels deep, closed or not. */
function nestedJson(depth: number, opener: string, closed: boolean, inField: boolean): string {
  const open = opener === '[' ? '['.repeat(depth) : '{"a":'.repeat(depth);
  const close = closed ? (opener === '[' ? ']'.repeat(depth) : `1${'}'.repeat(depth)}`) : '';
  return inField ? `{"Tag":${open}${close}}` : `${open}${close}`;
}

export interface BodyCase {
  kind: string;
  contentType?: string;
  body?: Buffer;
}

const json = 'application/json';

export function bodiesFor(operation: Operation): fc.Arbitrary<BodyCase> {
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
