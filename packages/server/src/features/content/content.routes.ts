import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';

/** Content groups and articles. */
export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
