import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { CampaignDetailResponseSchema, CampaignSchema, ErrorResponseSchema, IdParamsSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { listProjects } from '../projects/projects.repository';
import { presentProject } from '../projects/projects.presenter';
import { listProfiles } from '../profiles/profiles.repository';
import { presentProfile } from '../profiles/profiles.presenter';
import { listLinkSets } from '../link-sets/link-sets.repository';
import { presentLinkSet } from '../link-sets/link-sets.presenter';
import { findCampaign, projectCounts } from './campaigns.repository';
import { presentCampaign } from './campaigns.presenter';
import { changeCampaignStatus } from './change-campaign-status';

const tags = ['campaigns'];
const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };

/** The campaign screen: one campaign with its tabs' rows, and the scheduler switch. */
export const campaignScreenRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/campaign/:id', {
    schema: { tags, summary: 'A campaign with its projects, account profiles and link sets', params: IdParamsSchema, response: { 200: CampaignDetailResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { id } = request.params;
    const row = await findCampaign(db, user.id, id);
    if (!row) throw new NotFoundError();
    const [counts, projects, profiles, urlLists] = await Promise.all([
      projectCounts(db, user.id, id), listProjects(db, user.id, id), listProfiles(db, user.id, id), listLinkSets(db, user.id, id),
    ]);
    return {
      campaign: presentCampaign(row, counts.get(id)),
      projects: projects.map(presentProject),
      profiles: profiles.map(presentProfile),
      urlLists: urlLists.map(presentLinkSet),
    };
  });

  app.get('/action/pause/campaign/:id', {
    schema: { tags, summary: "Pause a campaign's scheduler", params: IdParamsSchema, response: { 200: CampaignSchema, ...errors } },
  }, async (request) => changeCampaignStatus(ctx, currentUser(request).id, request.params.id, 'PAUSED'));

  app.get('/action/resume/campaign/:id', {
    schema: { tags, summary: "Resume a campaign's scheduler", params: IdParamsSchema, response: { 200: CampaignSchema, ...errors } },
  }, async (request) => changeCampaignStatus(ctx, currentUser(request).id, request.params.id, 'ACTIVE'));
};
