import Fastify, { type FastifySchema, type FastifySerializerCompiler } from 'fastify';
import { validatorCompiler } from '@fastify/type-provider-zod';
import { FEATURE_ROUTES } from '../../src/features/registry';
import { registerSuccessEnvelope } from '../../src/platform/http/success-envelope';
import type { TestApp } from './test-app';

/**
 * The zod schemas of every feature route, as registered (with the success envelope the server
 * adds), keyed `METHOD /path/{param}`: the routes are registered on a bare Fastify with the given
 * answer serializer compiler, read as they register, and the instance is closed.
 */
export async function featureRouteSchemas<S>(server: TestApp, serializerCompiler: FastifySerializerCompiler<S>): Promise<Map<string, FastifySchema>> {
  const bare = Fastify();
  bare.setValidatorCompiler(validatorCompiler);
  bare.setSerializerCompiler(serializerCompiler);
  const schemas = new Map<string, FastifySchema>();
  bare.addHook('onRoute', (route) => {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) schemas.set(`${method} ${path}`, route.schema ?? {});
  });
  registerSuccessEnvelope(bare);
  for (const routes of FEATURE_ROUTES) await bare.register(routes, server.context);
  await bare.ready();
  await bare.close();
  return schemas;
}
