import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../app-context';
import { JOB, type EngineJob } from '../jobs/job-names';
import { onRunFinished } from '../runner/run-events';
import { scheduleAfterRun } from './after-project';
import { runSchedulerTick, sendNextSchedulerTick } from './scheduler-tick';
import { startScheduledProjectById } from './start-scheduled-project';

let listening = false;

/** The run listener is process-wide (it gets each run's context): added once however many queues register. */
function listenForFinishedRuns(): void {
  if (listening) return;
  listening = true;
  onRunFinished(scheduleAfterRun);
}

/**
 * The scheduler's jobs (engine/README.md "Jobs"): `scheduler.tick`, which first sends the next tick
 * (the chain lives in the queue, so it survives restarts) and then runs one catch-up pass; and
 * `schedule.start`, a FixedDate start at its instant (claimed a little early, it waits for the instant). Registering them also makes finished runs
 * start AfterProject children (onRunFinished).
 */
export function schedulerJobs(ctx: AppContext): EngineJob<'scheduler.tick' | 'schedule.start'>[] {
  listenForFinishedRuns();
  return [
    {
      name: JOB.schedulerTick,
      handler: async () => {
        await sendNextSchedulerTick(ctx.queue);
        await runSchedulerTick(ctx);
      },
      options: { concurrency: 1, timeoutSeconds: 120 },
    },
    {
      name: JOB.scheduleStart,
      handler: async (job) => {
        const { ownerId, projectId, at } = job.payload;
        // Timers may fire a millisecond early: wait until the clock has really reached the instant.
        for (let early = at - Date.now(); early > 0; early = at - Date.now()) await sleep(early, undefined, { signal: job.signal });
        await startScheduledProjectById(ctx, ownerId, projectId, at);
      },
      // Most runs wait out their lead (SCHEDULE_START_LEAD_MS) on a timer: many may do so at once.
      options: { concurrency: 128, timeoutSeconds: 60 },
    },
  ];
}
