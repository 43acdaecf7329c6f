import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../../app-context';
import { contentGroupRoutes } from './content-groups.routes';
import { articleRoutes } from './articles.routes';
import { articleUploadRoutes } from './article-uploads.routes';
import { contentToolRoutes } from './content-tools.routes';

/** Content groups and articles (spec 3): groups, the article editor's calls, the uploads and the content tools. */
export const contentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await contentGroupRoutes(app, ctx);
  await articleRoutes(app, ctx);
  await articleUploadRoutes(app, ctx);
  await contentToolRoutes(app, ctx);
};
