import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ContentGroupIdParamsSchema, UploadArticlesResponseSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { importArticles } from './import-articles';

const tags = ['content'];
const description = 'Multipart, field `file` (repeatable): text files and/or ZIPs of text files. A binary file, a ZIP '
  + 'with a path outside itself or one that expands past the limit refuses the whole upload. Empty files are reported in `errors`.';

/** The two article uploads of spec 3 section 7 (title from the first line, or from the file name). */
export const articleUploadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/rest/upload_raw_articles/:contentGroupId', {
    schema: {
      tags, summary: 'Upload articles (title = first line, body = the rest)', description,
      params: ContentGroupIdParamsSchema, response: { 200: UploadArticlesResponseSchema },
    },
  }, async (request) => importArticles(ctx, request, currentUser(request).id, request.params.contentGroupId, 'firstLine'));

  app.post('/rest/upload_raw_articles_file_name_title/:contentGroupId', {
    schema: {
      tags, summary: 'Upload articles (title = file name without extension, body = the whole text)', description,
      params: ContentGroupIdParamsSchema, response: { 200: UploadArticlesResponseSchema },
    },
  }, async (request) => importArticles(ctx, request, currentUser(request).id, request.params.contentGroupId, 'fileName'));
};
