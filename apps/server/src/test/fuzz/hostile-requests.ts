// The requests of the hostile-input fuzzer: every operation of the published OpenAPI
// document, called with the bodies, queries, paths and headers a careless or hostile client could
// send. Requests are plain data, so a failing one can be printed and sent again by hand; the
// tokens of the signed-in callers and the ids of existing rows are filled in when it is sent.
import fc from 'fast-check';
import type { Operation } from './openapi-document.ts';
import { bodiesFor, type BodyCase } from './hostile-bodies.ts';
import {
  headersFor,
  junkAuthorizations,
  pathValue,
  queryFor,
  type PathValue,
} from './hostile-parts.ts';
import { hostileString } from './hostile-values.ts';
import { plausible } from './schema-values.ts';
import { asText, encodeComponent, headerSafe, multipart, tinyPng } from './wire-format.ts';

/**
 * Who calls: a signed-in USER, a signed-in ADMIN, nobody, or an Authorization header of junk; or,
 * in valid requests of the doctors' calls only, the run's signed-in DOC.
 */
export type Caller = 'user' | 'admin' | 'doctor' | 'anonymous' | 'forged';

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

const json = 'application/json';

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
