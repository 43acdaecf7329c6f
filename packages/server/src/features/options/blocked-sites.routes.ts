import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  AddBlockedSitesBodySchema, AddBlockedSitesResponseSchema, DeleteBlockedSitesBodySchema, DeletedCountResponseSchema, ErrorResponseSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { addBlockedSiteList } from './add-blocked-sites';
import { deleteBlockedSites } from './blocked-sites.repository';

const tags = ['options'];

/** The Blocked Sites tab: add sites from pasted lines, delete them by id (their domain). */
export const blockedSiteRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/rest/blocked_sites', {
    schema: {
      tags, summary: 'Block sites (one per line: a domain, host or URL): the good lines are added, the bad ones listed in errorList (Line n: …); 422 naming the lines when none is good',
      body: AddBlockedSitesBodySchema, response: { 200: AddBlockedSitesResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => addBlockedSiteList(ctx, currentUser(request).id, request.body));

  app.delete('/rest/blocked_sites', {
    schema: {
      tags, summary: 'Delete blocked sites by id (their domain)', body: DeleteBlockedSitesBodySchema,
      response: { 200: DeletedCountResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const ids = await deleteBlockedSites(ctx.database.db, userId, request.body.map((id) => id.trim().toLowerCase()));
    if (ids.length > 0) ctx.live?.publish(userId, 'blocked_sites', 'blockedSitesDeleted', { ids });
    return { deleted: ids.length };
  });
};
