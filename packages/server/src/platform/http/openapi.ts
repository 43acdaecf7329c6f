import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { API_TOKEN_SECRET_PREFIX, SESSION_COOKIE } from '@linkloom/shared';
import { addOperationExamples } from './openapi-examples';

/** How a client signs in, shown at the top of /docs. */
const SIGN_IN = [
  'Every route validates its input with the shared zod schemas; each call shows an example request and answer.',
  '',
  'Two ways to sign in:',
  `- **Session cookie** (\`session\`): POST /public/api/login/account with {"username", "password"} sets the \`${SESSION_COOKIE}\` cookie. State-changing calls then need the X-XSRF-TOKEN header echoing the XSRF-TOKEN cookie.`,
  `- **Personal API token** (\`bearerToken\`): create one on the API tokens screen (user menu → API tokens; its secret, \`${API_TOKEN_SECRET_PREFIX}…\`, is shown once) and send \`Authorization: Bearer <secret>\` on every call. The call acts as the token's owner, needs no XSRF header when no session cookie is sent, is limited per token per minute (429 with Retry-After), and cannot create, list or revoke tokens.`,
].join('\n');

/** The OpenAPI description, generated from the same zod schemas the routes validate with, at /docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'LinkLoom API', version, description: SIGN_IN },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Session cookie from POST /public/api/login/account' },
          bearerToken: { type: 'http', scheme: 'bearer', description: `Personal API token (${API_TOKEN_SECRET_PREFIX}…) from the API tokens screen` },
        },
      },
      // Either one signs a call in.
      security: [{ session: [] }, { bearerToken: [] }],
    },
    transform: jsonSchemaTransform,
    // Examples generated once from each route's schema (openapi-examples.ts), kept where one is written.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      addOperationExamples(document.openapiObject);
      return document.openapiObject;
    },
  });
  // Its own page CSP, less upgrade-insecure-requests: over plain HTTP that would break the page.
  await app.register(swaggerUi, {
    routePrefix: '/docs', staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/g, ''),
  });
}
