/**
 * The engine's seams into the features: the only feature functions (and types) the engine may
 * use, re-exported here. A lint rule (eslint.config.js) refuses any other import of
 * `features/**` from `engine/**`; a new need is added here, in its group, on purpose.
 */

/** Projects: a project's stored form, its sites, and its status changes on the screens. */
export { readProjectForm } from '../features/projects/project-settings';
export { availableSites, type SiteSource } from '../features/projects/project-site-sources';
export { findProject, projectSettings, updateProjectForm, type ProjectRecord } from '../features/projects/projects.repository';
export { presentProject } from '../features/projects/projects.presenter';
export { publishProjectStatus } from '../features/projects/publish-project-status';

/** Options: the user's engine options and working proxies. */
export { readEngineOptions, workingProxies, type ProxyEntry } from '../features/options/options.repository';
/** Proxy checks: every proxy to dial, its outcome, the table's row and the Check / Stop checking state. */
export { proxiesToCheck, proxyCheckAge, recordProxyCheck } from '../features/options/proxies.repository';
export { presentProxy } from '../features/options/options.presenter';
export { moveProxyMonitor, readProxyMonitor } from '../features/options/proxy-monitor.repository';
/** Blocked sites: the engine never posts to, registers on or submits for them (one query, or the set for many URLs). */
export { blockedDomains, isBlockedSite } from '../features/options/blocked-sites.repository';

/** Custom and private-network sites: the platform verifier's walk over them, its run state, its results and their rows on the screen. */
export { getVerifierState, openPasswords, type CustomSiteRecord } from '../features/custom-sites/custom-sites.repository';
export { presentCustomSite } from '../features/custom-sites/custom-sites.presenter';
export {
  beginVerifierRun, finishVerifierRun, markChecking, markPrivateChecking, privateSitesToProbe, releaseUnprobed, sitesToProbe, stopVerifierRun, storePrivateSiteCheck,
  storeSiteCheck, type PrivateSiteToProbe, type SiteCheck, type VerifierState,
} from '../features/custom-sites/site-verifier.repository';

/** Output link sets: reading their links, counting them, and telling their screens. */
export { countLinks, findLinkSetWithCampaign, linksAfter } from '../features/link-items/link-items.repository';
export { publishLinksChanged, publishLinksChecked } from '../features/link-items/link-items.live';
export type { UrlItemsTable } from '../features/link-sets/link-sets.tables';
export { keywordsOf } from '../features/link-sets/link-set-keywords';
/** A campaign's anchor keywords: what its generated blogs and authors are about (account creation). */
export { campaignKeywordFields } from '../features/link-sets/campaign-keywords';

/** Verify mail: the accounts of a project's profile, and the mailboxes of the email manager (features/emails). */
export { accountsAfter, countProfileAccounts, findProfileWithCampaign, upsertAccounts } from '../features/accounts/accounts.repository';
/** Account creation: a new account of the profile on its screens (newAccount). */
export { presentAccount } from '../features/accounts/accounts.presenter';
export { publishAccountsChanged } from '../features/accounts/accounts.live';
export { findCatchAll, findEmailsByAddress, takeUnusedEmail } from '../features/emails/user-emails.repository';
export { presentUserEmail } from '../features/emails/user-emails.presenter';

/** Alerts (issue 36): the rows the engine raises as the screens read them, the bell's live message, the user's alert settings. */
export { ALERT_COLUMNS, type AlertRow } from '../features/alerts/alerts.repository';
export { presentAlert } from '../features/alerts/alerts.presenter';
export { publishAlertRaised } from '../features/alerts/alerts.live';
export { readAlertSettings, recordWebhookOutcome } from '../features/alerts/alert-settings.repository';
