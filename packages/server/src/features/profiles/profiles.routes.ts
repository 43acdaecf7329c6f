import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';

/** Account profiles of a campaign (create, list, rename, delete). */
export const profileRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
