import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  DEAD_PAGE_MESSAGES, DeadPagesQuerySchema, DeadPagesResponseSchema, ErrorResponseSchema, IdParamsSchema, RepointRequestSchema, RepointResponseSchema, RepublishRequestSchema, RepublishResponseSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { requestRepoint, requestRepublish } from '../../engine/entry-points';
import { readDeadPages } from './dead-pages.repository';
import { findOwnedCampaign } from './link-reports.repository';

/**
 * Dead pages and what to do about them (issue 36 item 3):
 * GET /rest/campaign/{id}/dead-pages lists the campaign's dead upper-tier pages with the posts at
 * risk; POST /action/repoint edits the posts linking to dead pages (or the posts named) so they
 * link to live pages of the same link set; POST /action/republish re-publishes dead pages once.
 * Another user's ids are ignored (a campaign of another answers 404); bad bodies answer 422.
 */
export const deadPagesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/campaign/:id/dead-pages', {
    schema: {
      tags: ['campaigns'], summary: "The campaign's dead pages: upper-tier posts found dead, with the lower-tier posts still linking to them; 500 an answer, more (with offset) when others follow",
      params: IdParamsSchema, querystring: DeadPagesQuerySchema, response: { 200: DeadPagesResponseSchema, 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const user = currentUser(request);
    const campaign = await findOwnedCampaign(db, user.id, request.params.id);
    if (!campaign) throw new NotFoundError();
    return readDeadPages(db, user.id, campaign.id, request.query.offset ?? 0);
  });

  app.post('/action/repoint', {
    schema: {
      tags: ['link sets'],
      summary: 'Re-point posts from dead pages: each published post linking to the dead pages named (or each post named) is edited on its site '
        + 'so the link goes to another live page of the same link set; the edits land in the projects\' run logs',
      body: RepointRequestSchema, response: { 200: RepointResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const user = currentUser(request);
    const scope = request.body.deadUrlItemIds ? { deadUrlItemIds: request.body.deadUrlItemIds } : { urlItemIds: request.body.urlItemIds ?? [] };
    const { posts } = await requestRepoint(ctx, user.id, scope);
    return { posts, message: posts === 0 ? DEAD_PAGE_MESSAGES.repointNothing : DEAD_PAGE_MESSAGES.repointQueued(posts) };
  });

  app.post('/action/republish', {
    schema: {
      tags: ['link sets'],
      summary: "Re-publish dead pages once on their own sites (posts of posting and private projects), whatever the project's Re-publish dead posts setting",
      body: RepublishRequestSchema, response: { 200: RepublishResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const { queued, refused } = await requestRepublish(ctx, currentUser(request).id, request.body.urlItemIds);
    return { queued, refused, message: queued === 0 ? DEAD_PAGE_MESSAGES.republishNothing : DEAD_PAGE_MESSAGES.republishQueued(queued) };
  });
};
