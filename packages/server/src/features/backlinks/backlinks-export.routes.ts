import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { BacklinksExportQuerySchema, ErrorResponseSchema, IdParamsSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { sendAttachment } from '../../platform/files/download';
import { NotFoundError } from '../../platform/http/errors';
import { campaignScope, linkSetScope } from './backlinks-export.repository';
import { backlinksExportFile } from './export-backlinks';

const WHAT = 'Published links: one row per link placed in a published post (URL, target, anchor, tier, site, platform, module, project, link set, '
  + 'status live | missing | dead | pending, dofollow yes | no | unknown, published, first seen, last checked, HTTP status); input links apart '
  + '(URL, anchor, link set, added, backlinks, live backlinks). Query: format csv | xlsx, onlyLive true | false (published rows whose status is live), '
  + 'part published | inputs | both (CSV: a zip of two files; XLSX: two sheets). Streamed.';

/**
 * The Backlinks export (issue 36 item 5; features/backlinks/README.md): a campaign's link sets or
 * one link set, as CSV or XLSX. Another user's id answers 404 like a missing one; a bad query 422.
 */
export const backlinksExportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };

  app.get('/action/export/backlinks/campaign/:id', {
    schema: { tags: ['campaigns'], summary: `The Backlinks export of a campaign (every link set of it). ${WHAT}`, params: IdParamsSchema, querystring: BacklinksExportQuerySchema, response: errors },
  }, async (request, reply) => {
    const scope = await campaignScope(db, currentUser(request).id, request.params.id);
    if (!scope) throw new NotFoundError();
    return sendAttachment(reply, backlinksExportFile(db, scope, request.query));
  });

  app.get('/action/export/backlinks/link_set/:id', {
    schema: { tags: ['link sets'], summary: `The Backlinks export of one link set. ${WHAT}`, params: IdParamsSchema, querystring: BacklinksExportQuerySchema, response: errors },
  }, async (request, reply) => {
    const scope = await linkSetScope(db, currentUser(request).id, request.params.id);
    if (!scope) throw new NotFoundError();
    return sendAttachment(reply, backlinksExportFile(db, scope, request.query));
  });
};
