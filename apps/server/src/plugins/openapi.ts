// The OpenAPI document is generated from the same zod schemas that validate requests, so the
// reference the mobile team reads cannot drift from what the server does.
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { systemPaths } from '@vitalia/api/system.contract';

const schemaRef = '#/components/schemas/';

/**
 * The contracts register every named schema, and the zod provider writes each one twice (as read
 * and as written), used or not; a client generator would make a type of every one. Only the schemas
 * an operation reaches, directly or through another schema, stay (decision 0027).
 */
export function withoutUnusedSchemas<T extends object>(document: T): T {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!components || !schemas) return document;
  const reached = new Set<string>();
  // Everything but the schemas themselves; a schema is walked once something reaches it.
  const pending: unknown[] = [{ ...document, components: { ...components, schemas: {} } }];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith(schemaRef)) {
      const name = ref.slice(schemaRef.length).replaceAll('~1', '/').replaceAll('~0', '~');
      if (!reached.has(name)) {
        reached.add(name);
        pending.push(schemas[name]);
      }
    }
    pending.push(...Object.values(node));
  }
  return {
    ...document,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name))),
    },
  };
}

const transformObject: SwaggerTransformObject = (documentObject) =>
  withoutUnusedSchemas(jsonSchemaTransformObject(documentObject));

/** The browsable reference can be switched off (API_DOCS=false); the document always stays. */
export async function registerOpenApi(
  app: FastifyInstance,
  publicUrl: string,
  browsable: boolean,
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vitalia API',
        version: '1.0.0',
        description:
          'The public contract of the Vitalia server, shared by the web app and the doctors’ ' +
          'mobile app. Every failure answers `{ "errors": [...] }`; clients show the first message. ' +
          'Every answer carries an `x-request-id` header.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The token endpoint authenticates the client app, not a person (decision 0027). OpenAPI
          // has no scheme for credentials in the body, so client_secret_post is told in words
          // (docs/decisions/0049-confidential-clients.md).
          clientAuth: {
            type: 'http',
            scheme: 'basic',
            description:
              'The OAuth client id and secret of the calling app (RFC 6749 section 2.3.1). Instead of HTTP Basic, a client may send them as `client_id` and `client_secret` in the form or JSON body (client_secret_post), but never both ways at once. The web app is the public client `vitalia-web` with an empty secret; confidential clients, such as the doctors’ app, are configured with OAUTH_CLIENTS.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject,
  });

  if (browsable) {
    await app.register(fastifySwaggerUi, {
      routePrefix: systemPaths.apiReference,
      uiConfig: { deepLinking: true, validatorUrl: null },
    });
  }

  app.get(systemPaths.openApiDocument, { schema: { hide: true } }, async () => app.swagger());
}
