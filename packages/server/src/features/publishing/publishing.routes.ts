import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { PublishingCapabilitiesSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { readPublishingCapabilities } from './publishing-capabilities';

/** GET /rest/publishing/modules: which modules can publish with the user's sites (issue 37 item 6). */
export const publishingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/rest/publishing/modules', {
    schema: {
      tags: ['sites'], summary: 'Which modules can publish with your sites: per module, the platforms that publish it and how many of your sites can',
      response: { 200: PublishingCapabilitiesSchema },
    },
  }, async (request) => ({ modules: await readPublishingCapabilities(ctx.database.db, currentUser(request).id) }));
};
