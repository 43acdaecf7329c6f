import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { RandomInfoQuerySchema, RandomInfoSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { campaignKeywordFields } from '../link-sets/campaign-keywords';
import { makeRandomInfo } from './make-random-info';

/** GET /random_info: made-up profile data for the account creation form's Generate action. */
export const randomInfoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/random_info', {
    schema: {
      tags: ['projects'], summary: 'Random profile data (names, username, password, blog title and name), the blog about the keywords or the campaign given',
      querystring: RandomInfoQuerySchema, response: { 200: RandomInfoSchema },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { keywords, campaignId } = request.query;
    // Another user's campaign reads as one without keywords: nothing of theirs shows.
    const fields = campaignId === undefined ? [] : await campaignKeywordFields(ctx.database.db, currentUser(request).id, campaignId);
    return makeRandomInfo([...(keywords ? [keywords] : []), ...fields]);
  });
};
