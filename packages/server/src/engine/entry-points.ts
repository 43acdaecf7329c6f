/**
 * The engine's entry points for the features: the only engine functions a feature may call (a
 * lint rule in eslint.config.js refuses any other import of `engine/**` from `features/**`).
 * Features start and stop runs, re-arm and wake the scheduler here; they never import a job.
 */

/** Start / Stop of a project (GET /action/start|stop/project/{id}). */
export { STARTABLE_BY_USER, startProjectRun, stopProjectRun } from './runner/start-project-run';
/** Verify mail / Stop verifying of an account creation project (GET /action/start|stop/verifying/{id}). */
export { startMailVerification, stopMailVerification } from './verify-mail/verification-status';
/** What would make a run fail at once: the project screen lists it, a person's Start is refused with it. */
export { runReadiness } from './runner/plan-run';

/** A saved, reset or deleted schedule: its columns and its start job. */
export { armedColumns, readSchedule } from './scheduler/schedule-rules';
export { rearmSchedule } from './scheduler/arm-schedule';
/** Run now (POST /action/run_now/project/{id}); a schedule edited while its project runs re-times the run's next posts. */
export { runProjectNow } from './scheduler/run-now';
export { retimeRunningPosts } from './runner/retime-run';
/** What happens next for projects (GET /rest/project|campaign/{id}/outlook): their runs as planned, read only. */
export { readRunOutlooks } from './runner/run-outlook';

/** Check now (POST /action/check_now, issue 36): a scope's published links re-checked at once, progress live. */
export { checkNow } from './verify/check-now';
/** Dead pages (POST /action/repoint and /action/republish, issue 36): posts re-pointed to live pages, dead pages re-published. */
export { requestRepoint, requestRepublish } from './runner/dead-page-actions';

/** A resumed campaign: its waiting starts go at once. */
export { wakeScheduler } from './scheduler/scheduler-tick';

/** The IndexNow key format the engine submits with (the key file route answers only such keys). */
export { INDEXNOW_KEY_PATTERN } from './indexer/indexnow-client';

/** Check / Stop checking of the Proxy tab (GET /action/check|stop_checking/proxies). */
export { startProxyChecks, stopProxyChecks } from './proxies/proxy-checks';

/** Start / Stop of the platform verifier over the user's custom sites (POST /action/start|stop/site_verifier). */
export { startSiteVerifier, stopSiteVerifier, verifierWaitInfo } from './site-verifier/verifier-status';

/** A real login to a mailbox (POST /action/email/test_login); failures are MailErrors with what to fix. */
export { testMailLogin } from './mail/test-mail-login';
export { MailError } from './mail/mail-error';
/** Captcha balance checks (the Captcha tabs' buttons, the campaign page's warnings). */
export { checkCaptchaBalance, primaryCaptchaBalance, primaryGoogleCaptchaBalance } from './captcha/check-captcha-balance';

/** The Indexer tab's Validate (POST /action/check_balance/indexer). */
export { validateIndexerKey } from './indexing-services/validate-key';

/** The content tools (spec 3 section 7): spinning, article sources and the built-in builder, and their typed errors. */
export {
  ContentServiceError, articleBuilderSourceCategories, builderCategories, checkArticleBalance, downloadArticle, downloadKontentMachineArticles, kontentMachineCampaigns, spinWithService,
  spinnerQuota, testSpinner,
} from './content-tools';
/** Large content work runs on a pool of threads: "busy" when too many tasks wait, closed with the app. */
export { ContentWorkBusyError, closeContentPool } from './content-tools';
export { readRunLog } from './runner/run-log';

/** The alert settings' "Send a test" (POST /action/alerts/test_webhook): a sample POSTed to the webhook, the outcome in our words. */
export { testAlertWebhook } from './alerts/webhook-delivery';
