import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { RandomInfoSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { makeRandomInfo } from './make-random-info';

/** GET /random_info: made-up profile data for the account creation form's Generate action. */
export const randomInfoRoutes: FastifyPluginAsyncZod<AppContext> = async (app) => {
  app.get('/random_info', {
    schema: { tags: ['projects'], summary: 'Random profile data (names, username, password, blog title and name)', response: { 200: RandomInfoSchema } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return makeRandomInfo();
  });
};
