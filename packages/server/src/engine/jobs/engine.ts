import type { AppContext } from '../../app-context';
import type { QueueLogger } from '../queue/queue-logger';
import { registerJob } from '../queue/queue';
import { resumeRuns } from '../runner/project-run.job';
import { JOB_NAMES, jobRegistrations } from './registry';
import { sendNextSchedulerTick } from '../scheduler/scheduler-tick';
import { sendTodaysBackup } from '../backup/backup.job';
import { sendTodaysAlertDigest } from '../alerts/alert-digest.job';

/**
 * Registers every job handler on the context's queue and checks that each job name the app sends
 * has one: a name without a handler stops the app here, at start.
 */
export function registerJobs(ctx: AppContext): void {
  for (const job of jobRegistrations(ctx)) registerJob(ctx.queue, job);
  ctx.queue.assertHandlers(JOB_NAMES);
}

/** Starts taking jobs, then sends `project.run` again for runs that were under way (a restart resumes them). */
export async function startEngine(ctx: AppContext, logger?: QueueLogger): Promise<void> {
  await ctx.queue.start();
  await sendNextSchedulerTick(ctx.queue); // D: the scheduler's tick chain (one per database, however many processes)
  await sendTodaysBackup(ctx.queue); // the daily automatic backup's chain (one job per day, engine/backup)
  await sendTodaysAlertDigest(ctx.queue); // the daily alert digests' chain (one job per day, engine/alerts)
  const resumed = await resumeRuns(ctx);
  logger?.info(`Job worker started (${ctx.queue.driver} queue; jobs: ${JOB_NAMES.join(', ') || 'none'})${resumed > 0 ? `; ${resumed} run(s) resumed` : ''}`);
}
