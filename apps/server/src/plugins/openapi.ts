// The OpenAPI document is generated from the same zod schemas that validate requests, so the
// reference the mobile team reads cannot drift from what the server does.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { systemPaths } from '@vitalia/api/system.contract';

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
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  if (browsable) {
    await app.register(fastifySwaggerUi, {
      routePrefix: systemPaths.apiReference,
      uiConfig: { deepLinking: true, validatorUrl: null },
    });
  }

  app.get(systemPaths.openApiDocument, { schema: { hide: true } }, async () => app.swagger());
}
