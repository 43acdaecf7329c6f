import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CaptchaBalanceBodySchema, CaptchaBalanceResponseSchema, IndexerKeyCheckBodySchema, IndexerKeyCheckSchema, PrimaryCaptchaBalanceSchema,
  PrimaryGoogleCaptchaBalanceSchema,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';
import { checkCaptchaBalance, primaryCaptchaBalance, primaryGoogleCaptchaBalance, validateIndexerKey } from '../../engine/entry-points';

const tags = ['options'];

/**
 * Captcha balance checks (spec 3 section 7): the tab's button with typed credentials, and the
 * campaign page's checks of the saved primary providers. A provider's refusal of the key answers
 * balance -1; a provider without a published balance API answers an error saying so.
 */
export const captchaBalanceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/action/check_balance/captcha/', {
    schema: {
      tags, summary: "A captcha provider's balance with the credentials given (loginInfo: JSON text); -1 when the key is refused",
      body: CaptchaBalanceBodySchema, response: { 200: CaptchaBalanceResponseSchema },
    },
  }, async (request) => checkCaptchaBalance(request.body.provider, request.body.loginInfo));

  app.get('/action/check_balance/primary_captcha', {
    schema: { tags, summary: "The saved primary captcha provider's balance when Auto solve captcha is on", response: { 200: PrimaryCaptchaBalanceSchema } },
  }, async (request) => primaryCaptchaBalance(ctx.database.db, currentUser(request).id));

  app.get('/action/check_balance/primary_google_captcha', {
    schema: { tags, summary: "The saved primary Google no-captcha provider's balance when it is on", response: { 200: PrimaryGoogleCaptchaBalanceSchema } },
  }, async (request) => primaryGoogleCaptchaBalance(ctx.database.db, currentUser(request).id));

  app.post('/action/check_balance/indexer', {
    schema: {
      tags, summary: "The Indexer tab's Validate: the service's own key check where it publishes one (its balance)",
      body: IndexerKeyCheckBodySchema, response: { 200: IndexerKeyCheckSchema },
    },
  }, async (request) => validateIndexerKey(request.body.indexerSource, request.body.apiKey));
};
