import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { CampaignIdParamsSchema, ErrorResponseSchema, IdParamsSchema, LinkImportResultSchema, UrlListsExportSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { sendAttachment } from '../../platform/files/download';
import { NotFoundError } from '../../platform/http/errors';
import { ownedLinkSet } from './add-links';
import { exportLinks, safeFileName, type LinkExportFormat } from './export-links';
import { importLinks } from './import-links';

const tags = ['link sets'];
const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema, 422: ErrorResponseSchema };
const CSV = 'text/csv; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** The three exports of one link set: path, what it writes, file name suffix and type. */
const SINGLE_EXPORTS: { path: string; format: LinkExportFormat; suffix: string; type: string; summary: string }[] = [
  { path: '/action/export/url_list/:id', format: 'full', suffix: '.csv', type: CSV, summary: 'All information of a link set as CSV (url, anchor, links on page, site, username, password, DA, date added)' },
  { path: '/action/export/url_list_only/:id', format: 'urls', suffix: '.txt', type: TEXT, summary: 'The URLs of a link set, one per line' },
  { path: '/action/export/url_list_pr/:id', format: 'da', suffix: '_da.csv', type: CSV, summary: 'The URLs of a link set with their DA, as CSV' },
];

/** Link set exports (streamed) and the file import (spec 1 §7 Link sets). */
export const linkFileRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  for (const entry of SINGLE_EXPORTS) {
    app.get(entry.path, { schema: { tags, summary: entry.summary, params: IdParamsSchema, response: { 404: ErrorResponseSchema } } }, async (request, reply) => {
      const linkSet = await ownedLinkSet(ctx, currentUser(request).id, request.params.id);
      return sendAttachment(reply, {
        filename: `${safeFileName(linkSet.name)}${entry.suffix}`, contentType: entry.type,
        body: exportLinks(db, entry.format, [linkSet]),
      });
    });
  }

  app.post('/action/export/url_lists/:campaignId', {
    schema: {
      tags, summary: 'Several link sets of a campaign in one file: {campaign name}_urls.txt (URLs) or, with fullInfo, {campaign name}_urls.csv',
      params: CampaignIdParamsSchema, body: UrlListsExportSchema, response: { 404: ErrorResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const campaign = await db.selectFrom('campaigns').select(['id', 'name'])
      .where('id', '=', request.params.campaignId).where('owner_id', '=', user.id).executeTakeFirst();
    if (!campaign) throw new NotFoundError();
    const ids = [...new Set(request.body.ids)];
    const linkSets = await db.selectFrom('url_lists').select(['id', 'name'])
      .where('campaign_id', '=', campaign.id).where('owner_id', '=', user.id).where('id', 'in', ids)
      .orderBy('id').execute();
    // Every id must be a link set of this campaign: another user's or campaign's id is a 404.
    if (linkSets.length !== ids.length) throw new NotFoundError();
    const { fullInfo } = request.body;
    return sendAttachment(reply, {
      filename: `${safeFileName(campaign.name)}_urls.${fullInfo ? 'csv' : 'txt'}`,
      contentType: fullInfo ? CSV : TEXT,
      body: exportLinks(db, fullInfo ? 'full' : 'urls', linkSets, true),
    });
  });

  app.post('/action/import/url_list/:id', {
    schema: {
      tags, summary: 'Import a text file (multipart field `file`) of URL|x|anchor|x|links on page lines into a link set: spooled first, then written in short transactions, all or nothing; progress as importProgress on url_list/{id}',
      params: IdParamsSchema, response: { 200: LinkImportResultSchema, ...errors },
    },
  }, async (request) => importLinks(ctx, currentUser(request).id, request.params.id, request));
};
