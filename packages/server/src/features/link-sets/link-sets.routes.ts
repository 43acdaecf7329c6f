import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';

/** Link sets of a campaign (create, list, rename, delete). */
export const linkSetRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
