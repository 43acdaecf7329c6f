import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { AppInfoSchema, NotificationSchema } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { fetchNotification } from './fetch-notification';

/** What the shell needs before sign-in: the running version and the configured newest one. */
export const appInfoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get('/public/api/app-info', {
    config: { public: true },
    schema: { tags: ['app'], summary: 'Version information', response: { 200: AppInfoSchema } },
  }, async () => ({ version: ctx.version, latestVersion: ctx.config.latestVersion ?? null }));

  app.get('/api/notification', {
    schema: { tags: ['app'], summary: "The notification service's text for the user (HTML) or null; failures are only logged", response: { 200: NotificationSchema } },
  }, async (request) => ({ html: await fetchNotification(ctx.config.notificationServiceUrl, currentUser(request).id, request.log) }));
};
