import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { DroppedTargetsSchema, ErrorResponseSchema, IdParamsSchema, LinkCheckHistoryResponseSchema, LinkReportSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { presentLinkCheckHistory } from './link-health.presenter';
import { findOwnedLink, listLinkChecks, readDroppedTargets } from './link-health.repository';
import { findOwnedCampaign, findOwnedProject, readLinkReport } from './link-reports.repository';

const tags = ['link sets'];

/**
 * Link health (issue 18): GET /rest/url_item/{id}/checks answers one link's check history, newest
 * first, with its next scheduled re-check; another user's link answers 404 like a missing one.
 * GET /rest/campaign/{id}/reports and /rest/project/{id}/reports answer the reports (tier health's
 * dropped targets, anchor mix, posts per day, survival, dofollow share, the strategy drawn with its
 * nodes' counts) of the user's campaign or project; another user's id answers 404.
 * GET /rest/campaign/{id}/dropped-targets answers tier health's count alone (the campaign screen's
 * line) from one grouped read.
 */
export const linkHealthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/url_item/:id/checks', {
    schema: {
      tags, summary: "A link's whole check history (newest first) and when it is checked next",
      params: IdParamsSchema, response: { 200: LinkCheckHistoryResponseSchema, 404: ErrorResponseSchema },
    },
  }, async (request) => {
    const user = currentUser(request);
    const link = await findOwnedLink(db, user.id, request.params.id);
    if (!link) throw new NotFoundError();
    return presentLinkCheckHistory(link, await listLinkChecks(db, user.id, link.id));
  });

  app.get('/rest/campaign/:id/reports', {
    schema: { tags: ['campaigns'], summary: "A campaign's link reports", params: IdParamsSchema, response: { 200: LinkReportSchema, 404: ErrorResponseSchema } },
  }, async (request) => {
    const user = currentUser(request);
    const campaign = await findOwnedCampaign(db, user.id, request.params.id);
    if (!campaign) throw new NotFoundError();
    return readLinkReport(db, user.id, campaign.id, null);
  });

  app.get('/rest/campaign/:id/dropped-targets', {
    schema: {
      tags: ['campaigns'], summary: "The campaign's dropped targets (tier health): dead posts lower tiers no longer link to, by reason",
      params: IdParamsSchema, response: { 200: DroppedTargetsSchema, 404: ErrorResponseSchema },
    },
  }, async (request) => {
    const user = currentUser(request);
    const campaign = await findOwnedCampaign(db, user.id, request.params.id);
    if (!campaign) throw new NotFoundError();
    return readDroppedTargets(db, user.id, campaign.id);
  });

  app.get('/rest/project/:id/reports', {
    schema: { tags: ['projects'], summary: "A project's link reports", params: IdParamsSchema, response: { 200: LinkReportSchema, 404: ErrorResponseSchema } },
  }, async (request) => {
    const user = currentUser(request);
    const project = await findOwnedProject(db, user.id, request.params.id);
    if (!project) throw new NotFoundError();
    return readLinkReport(db, user.id, project.campaign_id, project.id);
  });
};
