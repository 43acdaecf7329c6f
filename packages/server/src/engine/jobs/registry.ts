import type { AppContext } from '../../app-context';
import type { JobRegistration } from '../queue/queue';
import { JOB } from './job-names';
import { projectRunJob } from '../runner/project-run.job';
import { postPublishJob } from '../runner/post-publish.job';
// ── C: verification and indexer — add ONE import line here ──
import { verifyPostJob } from '../verify/verify-post.job';
import { indexerSubmitJob } from '../indexer/indexer-submit.job';
// ── D: scheduler — add ONE import line here ──
import { schedulerJobs } from '../scheduler/scheduler.jobs';
import { indexingServiceJobs } from '../indexing-services/indexing-submit.job';

/** What job handlers may use: the app's context (in a `worker` process `live` is undefined). */
export type JobDependencies = AppContext;

/** Answers at once: proves a worker takes jobs (smoke tests, `npm run worker` checks). */
export const PING_JOB = 'system.ping';

/** Every job name the app sends: the queue refuses to start when one has no handler below. */
export const JOB_NAMES: readonly string[] = [PING_JOB, ...Object.values(JOB)];

/** The handlers a worker (and the server's embedded engine) registers; one module per job. */
export function jobRegistrations(deps: JobDependencies): JobRegistration[] {
  return [
    { name: PING_JOB, handler: async () => undefined, options: { concurrency: 4, timeoutSeconds: 10 } },
    projectRunJob(deps),
    postPublishJob(deps),
    // ── C: verification and indexer — add ONE entry per job here (post.verify, indexer.submit) ──
    verifyPostJob(deps),
    indexerSubmitJob(deps),
    // ── D: scheduler — add ONE entry here (scheduler.tick) ──
    ...schedulerJobs(deps), // scheduler.tick + schedule.start
    ...indexingServiceJobs(deps), // indexing.submit (+ the run-finished listener that sends it)
  ];
}
