// The hostile path parameters, query strings and headers of a request to one operation.
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-document.ts';
import { extraKey, hostileString } from './hostile-values.ts';
import { plausible } from './schema-values.ts';
import { asText, encodeComponent, headerSafe, rawLatin1 } from './wire-format.ts';

/** A path parameter: text as it goes on the request line, or the nth id the run has seen. */
export type PathValue = { raw: string } | { knownId: number };

export function pathValue(schema: JsonSchema): fc.Arbitrary<PathValue> {
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

export function queryFor(operation: Operation): fc.Arbitrary<string> {
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

export const junkAuthorizations = [
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

export function headersFor(operation: Operation): fc.Arbitrary<Record<string, string>> {
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
