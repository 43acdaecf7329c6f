import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CampaignIdParamsSchema, ErrorResponseSchema, IdListSchema, IdParamsSchema, LinkSetCreateSchema,
  LinkSetRenameSchema, LinkSetRowSchema, OkResponseSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { assertOwned } from '../../platform/auth/ownership';
import { NotFoundError } from '../../platform/http/errors';
import { deleteLinkSets, findLinkSet, insertLinkSet, renameLinkSet } from './link-sets.repository';
import { presentLinkSet } from './link-sets.presenter';

const tags = ['link sets'];
const errors = { 404: ErrorResponseSchema, 422: ErrorResponseSchema };

/** Link sets of a campaign (spec 1 §7 Link sets: create, rename, delete). */
export const linkSetRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.put('/rest/url_list', {
    schema: { tags, summary: 'Add a link set to a campaign', body: LinkSetCreateSchema, response: { 200: LinkSetRowSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { campaignId, name } = request.body;
    await assertOwned(db, 'campaigns', campaignId, user.id);
    const linkSet = presentLinkSet(await insertLinkSet(db, { ownerId: user.id, campaignId, name }));
    ctx.live?.publish(user.id, `campaign/${campaignId}`, 'newUrlList', linkSet);
    return linkSet;
  });

  app.post('/rest/url_list/:id', {
    schema: { tags, summary: 'Rename a link set', params: IdParamsSchema, body: LinkSetRenameSchema, response: { 200: LinkSetRowSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    if (!(await renameLinkSet(db, user.id, request.params.id, request.body.name))) throw new NotFoundError();
    const row = await findLinkSet(db, user.id, request.params.id);
    if (!row) throw new NotFoundError();
    const linkSet = presentLinkSet(row);
    ctx.live?.publish(user.id, `campaign/${linkSet.campaignId}`, 'urlListEdited', linkSet);
    return linkSet;
  });

  app.delete('/rest/url_list/:campaignId', {
    schema: { tags, summary: "Delete link sets of a campaign with their links (body: the link sets' ids)", params: CampaignIdParamsSchema, body: IdListSchema, response: { 200: OkResponseSchema, ...errors } },
  }, async (request) => {
    const user = currentUser(request);
    const { campaignId } = request.params;
    await assertOwned(db, 'campaigns', campaignId, user.id);
    const ids = await deleteLinkSets(db, user.id, campaignId, request.body);
    if (!ids) throw new NotFoundError();
    ctx.live?.publish(user.id, `campaign/${campaignId}`, 'urlListsDeleted', { ids });
    return { ok: true as const };
  });
};
