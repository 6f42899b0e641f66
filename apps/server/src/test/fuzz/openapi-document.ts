// The published OpenAPI document as the fuzzer reads it: every operation with its parameters,
// body and security, and the schemas with their `$ref`s inlined.

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
  /** By status: the content types of the answer, each with its schema. */
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
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

export const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

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

export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}
