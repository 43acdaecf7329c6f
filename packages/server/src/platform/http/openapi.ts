import type { IncomingHttpHeaders } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchema, type RouteOptions } from 'fastify';
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

/** A route as the description needs it: what it answers to and its schema (handlers never run there). */
type DescribedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

/** Request headers the documentation pages depend on (caching, compression, the page asked for). */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'range'] as const;
/** Answer headers that belong to one connection, not to the page. */
const CONNECTION_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The OpenAPI description at /docs (Swagger UI) and /docs/json, generated from the same zod schemas
 * the routes validate with — built on the first visit, not at start: @fastify/swagger and its UI
 * took about a tenth of the server's start (loading their modules), for a page few visits. Every
 * route registered after this call is noted; the first request under /docs builds a separate
 * Fastify instance holding the two plugins and those routes (schemas only), and /docs answers from it.
 */
export function registerOpenApi(app: FastifyInstance, version: string): void {
  const described: DescribedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.openApiDocs === true) return;
    // Fastify adds each GET's HEAD twin by itself (the description leaves HEAD out anyway).
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    // The route's schema object is kept, not copied: later onRoute hooks may still extend it.
    if (methods.length > 0) described.push({ method: methods, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
  });

  let docs: Promise<FastifyInstance> | undefined;
  const docsApp = () => {
    docs ??= buildDocsApp(described, version).catch((error: unknown) => {
      docs = undefined;
      throw error;
    });
    return docs;
  };
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers: IncomingHttpHeaders = {};
    for (const name of FORWARDED_REQUEST_HEADERS) if (request.headers[name] !== undefined) headers[name] = request.headers[name];
    const page = await (await docsApp()).inject({ method: request.method === 'HEAD' ? 'HEAD' : 'GET', url: request.url, headers });
    // A page the documentation does not have is this server's own 404.
    if (page.statusCode === 404) {
      reply.callNotFound();
      return reply;
    }
    for (const [name, value] of Object.entries(page.headers)) if (value !== undefined && !CONNECTION_HEADERS.has(name)) reply.header(name, value);
    return reply.code(page.statusCode).send(page.rawPayload.length > 0 ? page.rawPayload : undefined);
  };
  const options = { schema: { hide: true }, config: { openApiDocs: true, servesPage: true } };
  app.get('/docs', options, answer);
  app.get('/docs/*', options, answer);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The /docs pages themselves (not described). */
    openApiDocs?: boolean;
  }
}

/** A response documented by content type (a picture, not JSON): `{ description, content: { type: { schema } } }`, in JSON Schema. */
function isContentResponse(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'content' in value && typeof value.content === 'object';
}

/**
 * The zod transform, with the responses documented by content type left as they are written (it
 * only reads zod schemas): @fastify/swagger describes those itself.
 */
function withContentResponses<D extends { schema: FastifySchema; url: string }>(document: D, transform: (document: D) => { schema: FastifySchema; url: string }): { schema: FastifySchema; url: string } {
  const response = document.schema?.response as Record<string, unknown> | undefined;
  const byType = Object.entries(response ?? {}).filter(([, value]) => isContentResponse(value));
  if (byType.length === 0) return transform(document);
  const zodOnes = Object.fromEntries(Object.entries(response ?? {}).filter(([, value]) => !isContentResponse(value)));
  const transformed = transform({ ...document, schema: { ...document.schema, response: zodOnes } });
  const described = transformed.schema.response as Record<string, unknown> | undefined;
  return { ...transformed, schema: { ...transformed.schema, response: { ...described, ...Object.fromEntries(byType) } } };
}

/** The documentation's own Fastify instance: the swagger plugins and every described route. */
async function buildDocsApp(routes: readonly DescribedRoute[], version: string): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }] = await Promise.all([
    import('@fastify/swagger'), import('@fastify/swagger-ui'), import('@fastify/type-provider-zod'),
  ]);
  const docs = Fastify({ logger: false, exposeHeadRoutes: false });
  // The routes are there to be described: their handlers never run and nothing is validated.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
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
    transform: (document) => withContentResponses(document, jsonSchemaTransform),
    // Examples generated once from each route's schema (openapi-examples.ts), kept where one is written.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      addOperationExamples(document.openapiObject);
      return document.openapiObject;
    },
  });
  // Its own page CSP, less upgrade-insecure-requests: over plain HTTP that would break the page.
  await docs.register(swaggerUi, {
    routePrefix: '/docs', staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/g, ''),
  });
  const notCalled = async () => undefined;
  for (const route of routes) docs.route({ ...route, handler: notCalled });
  await docs.ready();
  return docs;
}
