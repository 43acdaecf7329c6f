import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';

/** Links of a link set, keywords, imports and exports. */
export const linkItemRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
