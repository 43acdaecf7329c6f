import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ContentGroupListResponseSchema, ContentGroupResponseSchema, ContentGroupSummarySchema, CreateContentGroupBodySchema,
  DeleteIdsBodySchema, IdParamsSchema, OkResponseSchema, RenameContentGroupBodySchema, SaveContentGroupSettingsBodySchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import {
  deleteContentGroups, findContentGroup, insertContentGroup, listContentGroups, renameContentGroup, saveContentGroupSettings,
} from './content-groups.repository';
import { listArticleSummaries } from './articles.repository';
import { presentArticleSummary, presentContentGroup, presentContentGroupSummary } from './content.presenter';

const tags = ['content'];

/** Content group calls of spec 3 section 7: list, create, rename, settings, delete, open one. */
export const contentGroupRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/content_groups', {
    schema: { tags, summary: "The user's content groups with their article counts", response: { 200: ContentGroupListResponseSchema } },
  }, async (request) => {
    const rows = await listContentGroups(db, currentUser(request).id);
    return { content_groups: rows.map(presentContentGroupSummary) };
  });

  app.put('/rest/content_groups', {
    schema: { tags, summary: 'Create a content group', body: CreateContentGroupBodySchema, response: { 200: ContentGroupSummarySchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const id = await insertContentGroup(db, userId, request.body.name);
    const group = presentContentGroupSummary(await findContentGroup(db, id, userId));
    ctx.live?.publish(userId, 'content_groups', 'newContentGroup', group);
    return group;
  });

  app.post('/action/rename/content_group', {
    schema: { tags, summary: 'Rename a content group', body: RenameContentGroupBodySchema, response: { 200: OkResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { id, name } = request.body;
    await renameContentGroup(db, userId, id, name);
    ctx.live?.publish(userId, 'content_groups', 'contentGroupRenamed', { id, name });
    ctx.live?.publish(userId, `content_group/${id}`, 'contentGroupRenamed', { id, name });
    return { ok: true as const };
  });

  app.post('/rest/content_groups', {
    schema: { tags, summary: 'Save the settings of a content group', body: SaveContentGroupSettingsBodySchema, response: { 200: OkResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { id, wordsNottobeChanged, maxUsagePerArticle } = request.body;
    await saveContentGroupSettings(db, userId, id, { wordsNottobeChanged, maxUsagePerArticle });
    ctx.live?.publish(userId, `content_group/${id}`, 'settingsSaved', { id, wordsNottobeChanged, maxUsagePerArticle });
    return { ok: true as const };
  });

  app.delete('/rest/content_groups', {
    schema: { tags, summary: 'Delete content groups with their articles', body: DeleteIdsBodySchema, response: { 200: OkResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const ids = await deleteContentGroups(db, userId, request.body.ids);
    ctx.live?.publish(userId, 'content_groups', 'contentGroupsDeleted', { ids });
    for (const id of ids) ctx.live?.publish(userId, `content_group/${id}`, 'contentGroupDeleted', { id });
    return { ok: true as const };
  });

  app.get('/rest/content_group/:id', {
    schema: { tags, summary: 'A content group with its articles', params: IdParamsSchema, response: { 200: ContentGroupResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const group = await findContentGroup(db, request.params.id, userId);
    const articles = await listArticleSummaries(db, userId, group.id);
    // Kontent Machine's API lists no campaigns (see kontentMachineCampaigns): the dialog takes a typed ID.
    return { contentGroup: presentContentGroup(group), articles: articles.map(presentArticleSummary), kmCampaigns: [] };
  });
};
