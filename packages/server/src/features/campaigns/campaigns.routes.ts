import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CampaignDeleteSchema, CampaignListResponseSchema, CampaignRenameSchema, CampaignSchema,
  CampaignsWithProfilesResponseSchema, ErrorResponseSchema, OkResponseSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { listProfiles } from '../profiles/profiles.repository';
import { presentProfile } from '../profiles/profiles.presenter';
import { deleteCampaigns, findCampaign, insertCampaign, listCampaigns, projectCounts, renameCampaign } from './campaigns.repository';
import { presentCampaign, presentCampaigns } from './campaigns.presenter';
import { CampaignCreateBodySchema } from './decode-campaign-body';
import { campaignScreenRoutes } from './campaign-screen.routes';
import { backlinksExportRoutes } from './backlinks-export.routes';
import { listUserStrategies } from '../strategies/list-user-strategies';

const tags = ['campaigns'];
const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };

/** The campaign list's calls (spec 1 §7 Campaigns); the campaign screen's and the export sit beside. */
export const campaignRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/campaigns', {
    schema: { tags, summary: "The user's campaigns and the strategies to create one from", response: { 200: CampaignListResponseSchema } },
  }, async (request) => {
    const user = currentUser(request);
    const [rows, counts, strategies] = await Promise.all([listCampaigns(db, user.id), projectCounts(db, user.id), listUserStrategies(db, user.id)]);
    return { campaigns: presentCampaigns(rows, counts), strategies };
  });

  app.put('/rest/campaigns', {
    schema: {
      tags, summary: 'Create a campaign (JSON, or the same JSON compressed with lz-string compressToEncodedURIComponent)',
      body: CampaignCreateBodySchema, response: { 200: CampaignSchema, ...errors },
    },
  }, async (request) => {
    const user = currentUser(request);
    const id = await insertCampaign(db, { ownerId: user.id, name: request.body.name });
    const row = await findCampaign(db, user.id, id);
    if (!row) throw new NotFoundError();
    const campaign = presentCampaign(row);
    ctx.live?.publish(user.id, 'campaigns', 'addNew', campaign);
    return campaign;
  });

  app.post('/rest/campaigns', {
    schema: { tags, summary: 'Rename a campaign', body: CampaignRenameSchema, response: { 200: OkResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { id, name } = request.body;
    if (!(await renameCampaign(db, user.id, id, name))) throw new NotFoundError();
    ctx.live?.publish(user.id, 'campaigns', 'rename', { id, name });
    return { ok: true as const };
  });

  app.post('/rest/delete/campaigns', {
    schema: { tags, summary: 'Delete campaigns with everything they hold', body: CampaignDeleteSchema, response: { 200: OkResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const ids = await deleteCampaigns(db, user.id, request.body.ids);
    if (!ids) throw new NotFoundError();
    ctx.live?.publish(user.id, 'campaigns', 'campaignsDeleted', { ids });
    return { ok: true as const };
  });

  app.get('/rest/campaigns_with_profiles', {
    schema: { tags, summary: "Every campaign of the user and every account profile", response: { 200: CampaignsWithProfilesResponseSchema } },
  }, async (request) => {
    const user = currentUser(request);
    const [rows, counts, profiles] = await Promise.all([listCampaigns(db, user.id), projectCounts(db, user.id), listProfiles(db, user.id)]);
    return { campaigns: presentCampaigns(rows, counts), profiles: profiles.map(presentProfile) };
  });

  await app.register(campaignScreenRoutes, ctx);
  await app.register(backlinksExportRoutes, ctx);
};
