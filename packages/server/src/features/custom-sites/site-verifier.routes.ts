import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { SiteVerifierActionResponseSchema } from '@linkloom/shared';
import { startSiteVerifier, stopSiteVerifier } from '../../engine/entry-points';
import type { AppContext } from '../../app-context';
import { currentUser } from '../../platform/auth/session.plugin';

const tags = ['custom sites'];

/**
 * The platform verifier's Start and Stop (issue 13.2, spec 2 §7 "Custom sites"): a job probes every
 * custom site of the user; rows change live on the verifier's own topic `site_verifier` (siteChecked)
 * with the run's progress (verifierStatusChanged).
 */
export const siteVerifierRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post('/action/start/site_verifier', {
    schema: {
      tags,
      summary: 'Start the platform verifier over all your custom sites (NEW, DONE or STOPPED → CHECKING; a running one goes on): platform, login, account creation, reason',
      response: { 200: SiteVerifierActionResponseSchema },
    },
  }, async (request) => ({ verifierStatus: await startSiteVerifier(ctx, currentUser(request).id) }));

  app.post('/action/stop/site_verifier', {
    schema: { tags, summary: 'Stop the platform verifier (CHECKING → STOPPED; the probes in flight finish)', response: { 200: SiteVerifierActionResponseSchema } },
  }, async (request) => ({ verifierStatus: await stopSiteVerifier(ctx, currentUser(request).id) }));
};
