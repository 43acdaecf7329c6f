import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';

/** Private networks and their sites. */
export const privateNetworkRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
