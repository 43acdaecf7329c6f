/**
 * The API description at /docs (issue 19.3): both ways to sign in are documented, and every call
 * has an example request body (where it takes one) and an example answer (200 / 201), each of
 * which the route's own zod schema accepts. The description does not depend on the database, so
 * this runs on SQLite only.
 */
import { serializerCompiler } from '@fastify/type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isJsonObject } from '../../src/platform/http/openapi-examples';
import { useTestServer } from '../support/lifecycle';
import { featureRouteSchemas } from '../support/feature-route-schemas';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

interface Operation {
  method: string;
  path: string;
  body: unknown;
  answers: Record<string, unknown>;
  parameters: { name: string; in: string; example: unknown }[];
}

/** The example of a media type map's JSON (or only) entry; `missing` when there is content but no example. */
function exampleOf(content: unknown): { has: false } | { has: true; example: unknown } | { has: 'missing' } {
  if (!isJsonObject(content)) return { has: false };
  const media = content['application/json'] ?? Object.values(content)[0];
  if (!isJsonObject(media) || !isJsonObject(media.schema)) return { has: false };
  return media.example === undefined ? { has: 'missing' } : { has: true, example: media.example };
}

function operationsOf(document: Record<string, unknown>): Operation[] {
  const paths = isJsonObject(document.paths) ? document.paths : {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isJsonObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isJsonObject(operation)) continue;
      const answers = isJsonObject(operation.responses) ? operation.responses : {};
      const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isJsonObject) : [];
      operations.push({
        method: method.toUpperCase(), path,
        body: isJsonObject(operation.requestBody) ? operation.requestBody.content : undefined,
        answers: Object.fromEntries(['200', '201'].map((code) => [code, isJsonObject(answers[code]) ? answers[code].content : undefined])),
        parameters: parameters.map((p) => ({ name: String(p.name), in: String(p.in), example: p.example })),
      });
    }
  }
  return operations;
}


function problems(schema: unknown, value: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the API description at /docs', () => {
  const ctx = useTestServer('sqlite', false);

  async function description(): Promise<Record<string, unknown>> {
    const response = await ctx.server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('documents both ways to sign in: the session cookie and a personal API token', async () => {
    const document = await description();
    expect(document.components).toMatchObject({
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'linkloom_session' },
        bearerToken: { type: 'http', scheme: 'bearer' },
      },
    });
    expect(document.security).toEqual([{ session: [] }, { bearerToken: [] }]);
    expect(JSON.stringify(document.info)).toContain('Authorization: Bearer');
  });

  it('has an example for every request body and every 200/201 answer, and for every parameter', async () => {
    const operations = operationsOf(await description());
    expect(operations.length).toBeGreaterThan(60);
    const missing: string[] = [];
    let bodies = 0;
    let answers = 0;
    for (const operation of operations) {
      const body = exampleOf(operation.body);
      if (body.has === 'missing') missing.push(`${operation.method} ${operation.path} request body`);
      if (body.has === true) bodies += 1;
      for (const [code, content] of Object.entries(operation.answers)) {
        const answer = exampleOf(content);
        if (answer.has === 'missing') missing.push(`${operation.method} ${operation.path} ${code}`);
        if (answer.has === true) answers += 1;
      }
      for (const parameter of operation.parameters) if (parameter.example === undefined) missing.push(`${operation.method} ${operation.path} ${parameter.in} ${parameter.name}`);
    }
    expect(missing).toEqual([]);
    expect(bodies).toBeGreaterThan(30);
    expect(answers).toBeGreaterThan(55);
  });

  it("makes examples that each route's own zod schemas accept", async () => {
    const operations = operationsOf(await description());
    const schemas = await featureRouteSchemas(ctx.server, serializerCompiler);
    const refused: string[] = [];
    let checked = 0;
    for (const operation of operations) {
      const route = schemas.get(`${operation.method} ${operation.path}`);
      if (!route) continue;
      const where = `${operation.method} ${operation.path}`;
      const body = exampleOf(operation.body);
      if (body.has === true && route.body) {
        checked += 1;
        refused.push(...problems(route.body, body.example).map((problem) => `${where} body ${JSON.stringify(body.example)}: ${problem}`));
      }
      for (const [code, content] of Object.entries(operation.answers)) {
        const answer = exampleOf(content);
        const schema = isJsonObject(route.response) ? route.response[code] : undefined;
        if (answer.has !== true || !schema) continue;
        checked += 1;
        refused.push(...problems(schema, answer.example).map((problem) => `${where} ${code}: ${problem}`));
      }
      for (const place of ['path', 'query'] as const) {
        const values = Object.fromEntries(operation.parameters.filter((p) => p.in === place).map((p) => [p.name, p.example]));
        const schema = place === 'path' ? route.params : route.querystring;
        if (Object.keys(values).length === 0 || !schema) continue;
        checked += 1;
        refused.push(...problems(schema, values).map((problem) => `${where} ${place} ${JSON.stringify(values)}: ${problem}`));
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
