import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';

/** Project rows of a campaign (PUT /rest/project, rename, duplicate, delete). */
export const projectRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
