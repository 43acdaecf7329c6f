import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CampaignOutlookSchema, ErrorResponseSchema, IdParamsSchema, RunLogPageSchema, RunLogQuerySchema, RunOutlookQuerySchema, RunOutlookSchema, type RunOutlookQuery,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { readRunLog, readRunOutlooks } from '../../engine/entry-points';
import { findProject } from './projects.repository';
import { findCampaign } from '../campaigns/campaigns.repository';

const tags = ['projects'];
const DAY_MS = 86_400_000;

/** The reader's day as asked, else the UTC day of now. */
function dayOf(query: RunOutlookQuery, now: number): { dayStart: number; dayEnd: number } {
  const dayStart = query.dayStart ?? Math.floor(now / DAY_MS) * DAY_MS;
  return { dayStart, dayEnd: query.dayEnd ?? dayStart + DAY_MS };
}

/**
 * What happens next (issue 35 item 2), read only: a project's run as planned, with its sites, and
 * every project of a campaign. 404 for another user's project or campaign.
 */
export const projectOutlookRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/project/:id/outlook', {
    schema: {
      tags, summary: "What happens next for a project: its next planned post, posts done / planned today and in all, the last planned post, what it waits for, per site too (dayStart/dayEnd: the reader's local day, epoch ms)",
      params: IdParamsSchema, querystring: RunOutlookQuerySchema, response: { 200: RunOutlookSchema, 404: ErrorResponseSchema },
    },
  }, async (request) => {
    const now = Date.now();
    const [outlook] = await readRunOutlooks(db, currentUser(request).id, [request.params.id], { ...dayOf(request.query, now), now, withSites: true });
    if (!outlook) throw new NotFoundError();
    return outlook;
  });

  app.get('/rest/project/:id/run_log', {
    schema: {
      tags, summary: "The project's run log, newest first, 100 lines a page: per site what was sent, published (with the post's address), retried, waited for or given up (siteKey: one site's lines; before: an entry id, for older lines)",
      params: IdParamsSchema, querystring: RunLogQuerySchema, response: { 200: RunLogPageSchema, 404: ErrorResponseSchema },
    },
  }, async (request) => {
    const ownerId = currentUser(request).id;
    if (!(await findProject(db, ownerId, request.params.id))) throw new NotFoundError();
    return readRunLog(db, ownerId, request.params.id, request.query);
  });

  app.get('/rest/campaign/:id/outlook', {
    schema: {
      tags, summary: "What happens next for every project of a campaign (as the project's outlook, without sites)",
      params: IdParamsSchema, querystring: RunOutlookQuerySchema, response: { 200: CampaignOutlookSchema, 404: ErrorResponseSchema },
    },
  }, async (request) => {
    const ownerId = currentUser(request).id;
    if (!(await findCampaign(db, ownerId, request.params.id))) throw new NotFoundError();
    const ids = (await db.selectFrom('projects').select('id').where('owner_id', '=', ownerId).where('campaign_id', '=', request.params.id).execute()).map((row) => row.id);
    const now = Date.now();
    return { projects: await readRunOutlooks(db, ownerId, ids, { ...dayOf(request.query, now), now, withSites: false }) };
  });
};
