import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { CampaignListResponseSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { listCampaigns } from './campaigns.repository';
import { presentCampaign } from './campaigns.presenter';

/** Campaign calls of spec 1 section 7; the rest of them arrive with the campaign workspace. */
export const campaignRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/rest/campaigns', {
    schema: { tags: ['campaigns'], summary: "The user's campaigns and the strategies to create one from", response: { 200: CampaignListResponseSchema } },
  }, async (request) => {
    const rows = await listCampaigns(ctx.database.db, currentUser(request).id);
    // Strategies (diagrams) are stored from the diagrams issue on; none exist before it.
    return { campaigns: rows.map(presentCampaign), strategies: [] };
  });
};
