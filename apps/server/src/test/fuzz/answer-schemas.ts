// Every 2xx answer checked against what the OpenAPI document promises for it: the operation the
// server routed the request to (found from the path the request really reached), a status the
// document lists for it, a content type it names, and a JSON body its schema accepts. A client
// generated from the document (docs/decisions/0003-error-model-and-contract.md) trusts exactly
// this, so a body the schema refuses is a finding like a 5xx.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { default as addFormats } from 'ajv-formats';
import type { Answer } from './answer-checks.ts';
import { httpMethods, type JsonSchema, type OpenApiDocument } from './openapi-document.ts';

/** What the document promises for one status of one operation: a schema per content type. */
type Contents = Record<string, JsonSchema | undefined>;

export interface Route {
  /** `METHOD /template`, as the report names operations. */
  operation: string;
  method: string;
  segments: string[];
  responses: Record<string, Contents>;
}

/** The document's `$ref`s point into its components; the copy handed to Ajv keeps them in `$defs`. */
const documentId = 'https://vitalia.invalid/openapi.json';

function withRefsInto(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRefsInto);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      key === '$ref' && typeof entry === 'string'
        ? entry.replace(/^#\/components\/schemas\//, `${documentId}#/$defs/`)
        : withRefsInto(entry),
    ]),
  );
}

/** Path segments as the router compares them: `ignoreTrailingSlash` is on (apps/server/src/app.ts). */
function segmentsOf(path: string): string[] {
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return trimmed.split('/');
}

const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Whether a template matches these segments; a parameter takes one non-empty segment. */
function matches(route: Route, segments: string[]): boolean {
  return (
    route.segments.length === segments.length &&
    route.segments.every((segment, index) =>
      isParam(segment) ? segments[index] !== '' : segment === segments[index],
    )
  );
}

/** The router prefers a static segment to a parameter, from left to right. */
function moreStatic(a: Route, b: Route): number {
  for (let index = 0; index < a.segments.length; index += 1) {
    const difference =
      Number(isParam(a.segments[index] ?? '')) - Number(isParam(b.segments[index] ?? ''));
    if (difference !== 0) return difference;
  }
  return 0;
}

function mediaType(contentType: unknown): string {
  return String(contentType ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

/**
 * The check of 2xx answers against `document`: what is wrong with one, or undefined when it keeps
 * the document's promise. Answers of other statuses are left to `contractBreach`.
 */
export class DocumentedAnswers {
  /** JSON bodies checked against their schema, by operation: the check is not idle. */
  readonly bodiesChecked: Record<string, number> = {};
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    addFormats(this.ajv);
    // OpenAPI's own fields of a Schema Object: annotations, nothing to validate.
    this.ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
    this.ajv.addSchema({
      $id: documentId,
      $defs: withRefsInto(document.components?.schemas ?? {}),
    });
    this.routes = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([method]) => httpMethods.has(method))
        .map(([method, operation]) => ({
          operation: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          segments: segmentsOf(path),
          responses: Object.fromEntries(
            Object.entries(operation.responses ?? {}).map(([status, response]) => [
              status,
              Object.fromEntries(
                Object.entries(response.content ?? {}).map(([type, { schema }]) => [
                  type.toLowerCase(),
                  schema,
                ]),
              ),
            ]),
          ),
        })),
    );
  }

  /** The operation the router sends `method` and `path` to, as the document names it. */
  routeOf(method: string, path: string): Route | undefined {
    const segments = segmentsOf(path);
    return this.routes
      .filter((candidate) => candidate.method === method && matches(candidate, segments))
      .sort(moreStatic)[0];
  }

  breach(method: string, target: string, answer: Answer): string | undefined {
    const status = answer.status;
    if (status < 200 || status >= 300) return undefined;
    const upper = method.toUpperCase();
    // A HEAD answer has the headers of the GET and no body.
    const route = this.routeOf(upper === 'HEAD' ? 'GET' : upper, target.split('?')[0] ?? '');
    if (!route) return `a ${status} from no operation the document has`;
    const contents = route.responses[String(status)] ?? route.responses.default;
    if (!contents) return `a ${status}, which the document does not list for ${route.operation}`;
    if (upper === 'HEAD') return undefined;
    const types = Object.keys(contents);
    if (types.length === 0) {
      return answer.body === ''
        ? undefined
        : `a ${status} with a body the document says it has not`;
    }
    const type = mediaType(answer.headers['content-type']);
    if (!types.includes(type)) {
      return `a ${status} labelled ${type || 'with no content type'}, not ${types.join(' or ')}`;
    }
    const schema = contents[type];
    if (type !== 'application/json' || !schema) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `a ${status} whose body is not JSON`;
    }
    const validate = this.validatorFor(`${route.operation} ${status}`, schema);
    this.bodiesChecked[route.operation] = (this.bodiesChecked[route.operation] ?? 0) + 1;
    if (validate(body)) return undefined;
    const problems = (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '(the body)'} ${error.message ?? 'is refused'}`);
    return `a ${status} outside its documented schema: ${problems.join('; ')}`;
  }

  private validatorFor(key: string, schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(withRefsInto(schema) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }
}
