import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI description, generated from the same zod schemas the routes validate with, at /docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'LinkLoom API', version, description: 'Every route validates its input with the shared zod schemas. State-changing calls need the X-XSRF-TOKEN header echoing the XSRF-TOKEN cookie.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'linkloom_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Its own page CSP, less upgrade-insecure-requests: over plain HTTP that would break the page.
  await app.register(swaggerUi, {
    routePrefix: '/docs', staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/g, ''),
  });
}
