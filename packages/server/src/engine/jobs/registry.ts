import type { AppContext } from '../../app-context';
import { JOB_NAMES, PING_JOB, type EngineJob } from './job-names';
import { projectRunJob } from '../runner/project-run.job';
import { postPublishJob } from '../runner/post-publish.job';
import { accountRegisterJob } from '../account-creation/account-register.job';
import { verifyPostJob } from '../verify/verify-post.job';
import { republishPostJob } from '../runner/republish-post.job';
import { repointPostJob } from '../runner/repoint-post.job';
import { indexerSubmitJob } from '../indexer/indexer-submit.job';
import { schedulerJobs } from '../scheduler/scheduler.jobs';
import { indexingServiceJobs } from '../indexing-services/indexing-submit.job';
import { verifyMailJob } from '../verify-mail/verify-mail.job';
import { proxyCheckJob } from '../proxies/proxy-check.job';
import { siteVerifyJob } from '../site-verifier/site-verify.job';
import { backupJob } from '../backup/backup.job';
import { alertJobs } from '../alerts/alerts.jobs';

export { JOB_NAMES, PING_JOB };

/** What job handlers may use: the app's context (in a `worker` process `live` is undefined). */
export type JobDependencies = AppContext;

/**
 * The handlers a worker (and the server's embedded engine) registers; one module per job, each
 * handler typed by its job's payload (JOB_PAYLOADS in job-names.ts).
 */
export function jobRegistrations(deps: JobDependencies): EngineJob[] {
  return [
    { name: PING_JOB, handler: async () => undefined, options: { concurrency: 4, timeoutSeconds: 10 } },
    projectRunJob(deps),
    postPublishJob(deps),
    accountRegisterJob(deps),
    verifyPostJob(deps),
    republishPostJob(deps),
    repointPostJob(deps),
    indexerSubmitJob(deps),
    ...schedulerJobs(deps), // scheduler.tick + schedule.start
    ...indexingServiceJobs(deps), // indexing.submit (+ the run-finished listener that sends it)
    verifyMailJob(deps),
    proxyCheckJob(deps),
    siteVerifyJob(deps),
    backupJob(deps),
    ...alertJobs(deps), // alert.webhook, alert.email, alert.digest (+ the link listeners that raise alerts)
  ];
}
