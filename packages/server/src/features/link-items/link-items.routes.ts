import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  BATCH_LINKS_MAX_CHARS, ErrorResponseSchema, IdParamsSchema, LinkImportResultSchema, LinkSetDetailSchema, LinkSetKeywordsSchema,
  UrlItemBatchSchema, UrlItemDeleteResponseSchema, UrlItemDeleteSchema, UrlItemInputSchema, UrlItemListQuerySchema,
  UrlItemListResponseSchema, UrlItemResponseSchema,
} from '@linkloom/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { NotFoundError } from '../../platform/http/errors';
import { sendJsonStream } from '../../platform/http/json-stream';
import { asksForPage } from '../../platform/http/paging';
import { addLink, addLinkBatch, ownedLinkSet } from './add-links';
import { linkFileRoutes } from './link-files.routes';
import { publishLinksChanged } from './link-items.live';
import { streamAllLinks } from './stream-all-links';
import { presentLink, presentLinkSetDetail } from './link-items.presenter';
import { countLinks, deleteLinks, linkTotals, listLinkPage, saveKeywords, updateLink } from './link-items.repository';
import { readLinksToDeadPages } from '../link-health/at-risk-posts.repository';

const tags = ['link sets'];

const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };

/**
 * Links of a link set and its keywords (spec 1 §7 Link sets). The spec names the paths and methods;
 * their meaning here, `{id}` always being the link set's id:
 * GET /rest/url_items/{id} lists (paged, sorted, filtered on the server), PUT /rest/url_items/{id}
 * adds a batch of |x| lines, DELETE /rest/url_items/{id} deletes the selected links, POST
 * /rest/url_item/{id} saves one link (added without `id`, edited with it), POST
 * /rest/url_list_keyword/{id} saves the keywords. Files are in link-files.routes.ts.
 */
export const linkItemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, dialect } = ctx.database;

  app.get('/rest/url_items/:id', {
    schema: {
      tags, summary: 'Links of a link set with its campaign and keywords: with page or pageSize, one page, sorted and filtered on the server; without them, every link (filtered if asked) in the order added, streamed',
      params: IdParamsSchema, querystring: UrlItemListQuerySchema, response: { 200: UrlItemListResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const linkSet = await ownedLinkSet(ctx, user.id, request.params.id);
    const query = request.query;
    if (!asksForPage(request.url)) {
      // No paging asked for: the whole set, streamed (scripts written for the original read it so).
      const head = { campaign: { id: linkSet.campaign_id, name: linkSet.campaign_name }, urlList: presentLinkSetDetail(linkSet, await linkTotals(db, dialect, linkSet.id)) };
      return sendJsonStream(reply, streamAllLinks(db, dialect, head, query, linkSet.id));
    }
    const filtered = Boolean(query.url || query.anchor);
    const [totals, page] = await Promise.all([linkTotals(db, dialect, linkSet.id), listLinkPage(db, dialect, linkSet.id, query)]);
    // A page past the last match carries no count of the matches: ask for it.
    const total = filtered ? (page.total ?? (await countLinks(db, dialect, linkSet.id, query))) : totals.count;
    // The knock-on (issue 36 item 3): which of the page's posts link to a dead upper-tier page.
    const atRisk = await readLinksToDeadPages(db, user.id, page.rows.filter((row) => row.post_id !== null).map((row) => row.id));
    return {
      campaign: { id: linkSet.campaign_id, name: linkSet.campaign_name },
      urlList: presentLinkSetDetail(linkSet, totals),
      urls: page.rows.map((row) => (atRisk.has(row.id) ? { ...presentLink(row), pointsToDeadPage: true } : presentLink(row))),
      total,
    };
  });

  app.put('/rest/url_items/:id', {
    bodyLimit: BATCH_LINKS_MAX_CHARS * 2,
    schema: {
      tags, summary: 'Batch add: one URL|x|anchor|x|links on page per line; valid lines are added, refused ones listed by number',
      params: IdParamsSchema, body: UrlItemBatchSchema, response: { 200: LinkImportResultSchema, ...errors },
    },
  }, async (request) => addLinkBatch(ctx, currentUser(request).id, request.params.id, request.body.links));

  app.delete('/rest/url_items/:id', {
    schema: {
      tags, summary: 'Delete the selected links of a link set (all or nothing: 404 when an id is not a link of this set)',
      params: IdParamsSchema, body: UrlItemDeleteSchema, response: { 200: UrlItemDeleteResponseSchema, ...errors },
    },
  }, async (request) => {
    const user = currentUser(request);
    const linkSet = await ownedLinkSet(ctx, user.id, request.params.id);
    const ids = await deleteLinks(db, user.id, linkSet.id, request.body.ids);
    if (!ids) throw new NotFoundError();
    await publishLinksChanged(ctx, user.id, linkSet, await countLinks(db, dialect, linkSet.id), { name: 'linksDeleted', ids });
    return { deleted: ids.length };
  });

  app.post('/rest/url_item/:id', {
    schema: {
      tags, summary: 'Save one link of a link set: without `id` it is added (201), with `id` that link is edited',
      params: IdParamsSchema, body: UrlItemInputSchema, response: { 200: UrlItemResponseSchema, 201: UrlItemResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const user = currentUser(request);
    const { id: linkId, ...link } = request.body;
    if (linkId === undefined) return reply.code(201).send({ url: await addLink(ctx, user.id, request.params.id, link) });
    const linkSet = await ownedLinkSet(ctx, user.id, request.params.id);
    const row = await updateLink(db, user.id, linkSet.id, linkId, link);
    if (!row) throw new NotFoundError();
    ctx.live?.publish(user.id, `url_list/${linkSet.id}`, 'linkEdited', { urlListId: linkSet.id, id: row.id });
    return { url: presentLink(row) };
  });

  app.post('/rest/url_list_keyword/:id', {
    schema: {
      tags, summary: 'Save the keywords and anchor percentages of a link set (the percentages total 100)',
      params: IdParamsSchema, body: LinkSetKeywordsSchema, response: { 200: z.object({ urlList: LinkSetDetailSchema }), ...errors },
    },
  }, async (request) => {
    const user = currentUser(request);
    if (!(await saveKeywords(db, user.id, request.params.id, request.body))) throw new NotFoundError();
    const linkSet = await ownedLinkSet(ctx, user.id, request.params.id);
    ctx.live?.publish(user.id, `url_list/${linkSet.id}`, 'keywordsSaved', { urlListId: linkSet.id });
    return { urlList: presentLinkSetDetail(linkSet, await linkTotals(db, dialect, linkSet.id)) };
  });

  await app.register(linkFileRoutes, ctx);
};
