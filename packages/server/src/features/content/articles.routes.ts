import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ArticleAuthorBodySchema, ArticleAuthorResponseSchema, ArticleResponseSchema, DeleteIdsBodySchema, GroupIdParamsSchema, IdParamsSchema, OkResponseSchema,
  SaveArticleBodySchema, SaveArticleResponseSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { builderCategories } from '../../engine/entry-points';
import { currentUser } from '../../platform/auth/session.plugin';
import { findContentGroup } from './content-groups.repository';
import { deleteArticles, findArticle, setArticleAuthor } from './articles.repository';
import { EMPTY_ARTICLE, presentArticle, presentContentGroup } from './content.presenter';
import { saveArticle } from './save-article';
import { publishCountChange } from './publish-count-change';

const tags = ['content'];
/** The built-in article builder's categories, as the JSON text the spec's answer carries. */
const CATEGORIES = JSON.stringify(builderCategories());

/** Article calls of spec 3 section 7: open, open new, save, delete; and one author for many articles. */
export const articleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/article/:id', {
    schema: { tags, summary: 'An article with its content group', params: IdParamsSchema, response: { 200: ArticleResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const article = await findArticle(db, userId, request.params.id);
    const group = await findContentGroup(db, article.content_group_id, userId);
    return { article: presentArticle(article), contentGroup: presentContentGroup(group), articleBuilderCategories: CATEGORIES };
  });

  app.get('/rest/new_article/:groupId', {
    schema: { tags, summary: 'An empty article for a content group', params: GroupIdParamsSchema, response: { 200: ArticleResponseSchema } },
  }, async (request) => {
    const group = await findContentGroup(db, request.params.groupId, currentUser(request).id);
    return { article: EMPTY_ARTICLE, contentGroup: presentContentGroup(group), articleBuilderCategories: CATEGORIES };
  });

  app.post('/rest/article', {
    schema: { tags, summary: 'Save an article (creates it without id)', body: SaveArticleBodySchema, response: { 200: SaveArticleResponseSchema } },
  }, async (request) => ({ id: await saveArticle(ctx, currentUser(request).id, request.body) }));

  app.delete('/rest/article/:groupId', {
    schema: { tags, summary: 'Delete articles of a content group', params: GroupIdParamsSchema, body: DeleteIdsBodySchema, response: { 200: OkResponseSchema } },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { groupId } = request.params;
    const ids = await deleteArticles(db, userId, groupId, request.body.ids);
    ctx.live?.publish(userId, `content_group/${groupId}`, 'articlesDeleted', { ids });
    await publishCountChange(ctx, userId, groupId);
    return { ok: true as const };
  });

  app.post('/rest/article_author/:groupId', {
    schema: {
      tags, summary: 'Give several articles of a group one author name and bio (uploaded articles come without)',
      params: GroupIdParamsSchema, body: ArticleAuthorBodySchema, response: { 200: ArticleAuthorResponseSchema },
    },
  }, async (request) => {
    const userId = currentUser(request).id;
    const { groupId } = request.params;
    const { ids, authorName, authorBio } = request.body;
    const updated = await setArticleAuthor(db, userId, groupId, ids, { authorName, authorBio });
    ctx.live?.publish(userId, `content_group/${groupId}`, 'articlesAuthorSet', { ids: updated });
    return { updated: updated.length };
  });
};
