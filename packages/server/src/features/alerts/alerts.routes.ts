import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ALERT_MESSAGES, AlertListQuerySchema, AlertPageSchema, AlertSettingsBodySchema, AlertSettingsSchema, AlertUnreadSchema, ErrorResponseSchema,
  MarkAlertsReadBodySchema, MarkAlertsReadResponseSchema, TestAlertWebhookBodySchema, TestAlertWebhookResultSchema, accountEmailAddress,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { testAlertWebhook } from '../../engine/entry-points';
import { currentUser } from '../../platform/auth/session.plugin';
import { readAlertSettings, saveAlertSettings } from './alert-settings.repository';
import { publishAlertsRead } from './alerts.live';
import { presentAlert } from './alerts.presenter';
import { countUnreadAlerts, listAlerts, markAlertsRead } from './alerts.repository';

const tags = ['alerts'];

/**
 * Alerts (issue 36 item 4): the bell's list (newest first, paged by `before`, with the unread
 * count) and its badge, marking read (ids of the user's own alerts — others are ignored — or all),
 * and the user's alert settings (webhook address, email, digest) with a test of the webhook.
 */
export const alertRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;

  app.get('/rest/alerts', {
    schema: {
      tags, summary: 'Your alerts, newest first (30 a page; `before` an id for older ones), with how many are unread',
      querystring: AlertListQuerySchema, response: { 200: AlertPageSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const user = currentUser(request);
    const { rows, more } = await listAlerts(db, user.id, request.query.before);
    return { alerts: rows.map(presentAlert), unread: await countUnreadAlerts(db, user.id), more };
  });

  app.get('/rest/alerts/unread', {
    schema: { tags, summary: 'How many of your alerts are unread (the bell\'s badge)', response: { 200: AlertUnreadSchema } },
  }, async (request) => ({ unread: await countUnreadAlerts(db, currentUser(request).id) }));

  app.post('/action/alerts/read', {
    schema: {
      tags, summary: 'Mark alerts read: {"ids":[…]} (another user\'s ids are ignored) or {"all":true}',
      body: MarkAlertsReadBodySchema, response: { 200: MarkAlertsReadResponseSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    const user = currentUser(request);
    const ids = request.body.ids ?? 'all';
    const read = await markAlertsRead(db, user.id, ids, Date.now());
    const unread = await countUnreadAlerts(db, user.id);
    if (read > 0) publishAlertsRead(ctx, user.id, ids === 'all' ? null : [...new Set(ids)], unread);
    return { read, unread };
  });

  app.get('/rest/alert_settings', {
    schema: { tags, summary: 'Your alert settings: webhook address, email and digest, where email would go (or why it cannot), the webhook\'s latest outcome', response: { 200: AlertSettingsSchema } },
  }, async (request) => {
    const user = currentUser(request);
    const { webhookUrl, emailEnabled, digestEnabled, lastWebhook } = await readAlertSettings(db, user.id);
    const emailAddress = accountEmailAddress(user.username);
    const emailProblem = emailAddress === null ? ALERT_MESSAGES.noAddress : ctx.config.smtp ? null : ALERT_MESSAGES.noSmtp;
    return { webhookUrl, emailEnabled, digestEnabled, emailAddress, emailProblem, lastWebhook };
  });

  app.post('/rest/alert_settings', {
    schema: {
      tags, summary: 'Save your alert settings (the webhook address is stored encrypted: it may carry a token)',
      body: AlertSettingsBodySchema, response: { 200: AlertSettingsBodySchema, 422: ErrorResponseSchema },
    },
  }, async (request) => {
    await saveAlertSettings(db, currentUser(request).id, request.body);
    return request.body;
  });

  app.post('/action/alerts/test_webhook', {
    schema: {
      tags, summary: 'Send a sample alert to a webhook address (the given one, else the saved one) through the outbound policy; answers the outcome, never the receiver\'s own text',
      body: TestAlertWebhookBodySchema, response: { 200: TestAlertWebhookResultSchema, 422: ErrorResponseSchema },
    },
  }, async (request) => testAlertWebhook(ctx, currentUser(request).id, request.body.webhookUrl));
};
