import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { SiteListQuerySchema, SiteListResponseSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { listUserSites } from './list-user-sites';

const tags = ['sites'];

/**
 * The site lists (spec 1 section 7, GET /sites.json and GET /rest/sites): the same answer on both
 * paths (custom sites, then private networks' sites), optionally filtered by module (?module=Wiki).
 */
export const siteListRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  for (const url of ['/sites.json', '/rest/sites']) {
    app.get(url, {
      schema: { tags, summary: "The user's custom sites and private networks' sites with module, platform, DA, measured dofollow share and status", querystring: SiteListQuerySchema, response: { 200: SiteListResponseSchema } },
    }, async (request) => ({ sites: await listUserSites(ctx.database.db, currentUser(request).id, request.query.module) }));
  }
};
