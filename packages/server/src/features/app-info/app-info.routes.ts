import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { AppInfoSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';

/** What the shell needs before sign-in: the running version and the configured newest one. */
export const appInfoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/public/api/app-info', {
    config: { public: true },
    schema: { tags: ['app'], summary: 'Version information', response: { 200: AppInfoSchema } },
  }, async () => ({ version: ctx.version, latestVersion: ctx.config.latestVersion ?? null }));
};
