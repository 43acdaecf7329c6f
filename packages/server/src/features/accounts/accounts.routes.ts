import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';

/** Accounts of a profile, their import and exports. */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
