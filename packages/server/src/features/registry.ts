import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AppContext } from '../app-context';
import { appInfoRoutes } from './app-info/app-info.routes';
import { sessionRoutes } from './session/session.routes';
import { campaignRoutes } from './campaigns/campaigns.routes';
import { projectRoutes } from './projects/projects.routes';
import { projectActionRoutes } from './projects/project-actions.routes';
import { projectScreenRoutes } from './projects/project-screen.routes';
import { scheduleRoutes } from './projects/schedule.routes';
import { projectOutlookRoutes } from './projects/project-outlook.routes';
import { profileRoutes } from './profiles/profiles.routes';
import { accountRoutes } from './accounts/accounts.routes';
import { linkSetRoutes } from './link-sets/link-sets.routes';
import { linkItemRoutes } from './link-items/link-items.routes';
import { privateNetworkRoutes } from './private-networks/private-networks.routes';
import { contentRoutes } from './content/content.routes';
import { randomInfoRoutes } from './random-info/random-info.routes';
import { optionRoutes } from './options/options.routes';
import { indexNowKeyRoutes } from './options/indexnow-key.routes';
import { apiTokenRoutes } from './api-tokens/api-tokens.routes';
import { strategyRoutes } from './strategies/strategies.routes';
import { userEmailRoutes } from './emails/user-emails.routes';
import { customSiteRoutes } from './custom-sites/custom-sites.routes';
import { siteVerifierRoutes } from './custom-sites/site-verifier.routes';
import { siteSelectionRoutes } from './site-selections/site-selections.routes';
import { wizardRoutes } from './wizards/wizards.routes';
import { linkHealthRoutes } from './link-health/link-health.routes';
import { checkNowRoutes } from './link-health/check-now.routes';
import { deadPagesRoutes } from './link-health/dead-pages.routes';
import { publishingRoutes } from './publishing/publishing.routes';
import { alertRoutes } from './alerts/alerts.routes';
import { backlinksExportRoutes } from './backlinks/backlinks-export.routes';

/** Every feature's routes; app.ts registers them in this order. */
export const FEATURE_ROUTES: readonly FastifyPluginAsyncZod<AppContext>[] = [
  appInfoRoutes, sessionRoutes, campaignRoutes, projectRoutes, projectActionRoutes, projectScreenRoutes, scheduleRoutes, projectOutlookRoutes, profileRoutes, accountRoutes,
  linkSetRoutes, linkItemRoutes, privateNetworkRoutes, contentRoutes, randomInfoRoutes, optionRoutes,
  indexNowKeyRoutes, apiTokenRoutes, strategyRoutes, customSiteRoutes, siteVerifierRoutes, siteSelectionRoutes, userEmailRoutes, wizardRoutes,
  linkHealthRoutes, backlinksExportRoutes,
  checkNowRoutes, deadPagesRoutes, publishingRoutes, alertRoutes,
];
