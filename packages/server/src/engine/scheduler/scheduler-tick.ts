import type { AppContext } from '../../app-context';
import { JOB, type EngineQueue } from '../jobs/job-names';
import { sendScheduleStart } from './arm-schedule';
import { startDueChildren } from './after-project';
import { dueProjects, projectsWithoutJob } from './scheduled-projects.repository';
import { startScheduledProject } from './start-scheduled-project';
import { recheckFlowOf } from '../verify/recheck-flow';

/** The tick runs every 5 s, on the 5 s boundaries of the clock. */
export const TICK_INTERVAL_MS = 5_000;
/** The tick leaves a start this fresh to its own precise job (it takes over when that one is late). */
const TICK_GRACE_MS = 1_000;
/** Most starts one tick makes or arms (the next tick takes the rest). */
const TICK_BATCH = 200;

/**
 * Sends the tick of the next 5 s boundary. Its singleton key is that boundary, so every process
 * (each server and worker at start, each running tick) asks for the same job and one tick chain
 * exists however many there are; a chain that broke is mended by the next send.
 */
export function sendNextSchedulerTick(queue: EngineQueue, now = Date.now()): Promise<string> {
  const boundary = (Math.floor(now / TICK_INTERVAL_MS) + 1) * TICK_INTERVAL_MS;
  return queue.send(JOB.schedulerTick, {}, { singletonKey: `tick-${boundary}`, startAfter: new Date(boundary), retryLimit: 1, retryDelaySeconds: 1 });
}

/** A tick now, outside the chain (campaign resumed: its waiting starts go at once). */
export async function wakeScheduler(queue: EngineQueue): Promise<void> {
  await queue.send(JOB.schedulerTick, {}, { retryLimit: 1, retryDelaySeconds: 1 });
}

export interface TickResult {
  armed: number;
  started: number;
  children: number;
  /** Links sent to post.verify for their scheduled re-check (issue 18). */
  rechecks: number;
}

/**
 * One pass of the scheduler, the safety net under the precise start jobs: arms the FixedDate starts
 * that have no job (an upgrade, a lost send), starts what is due and was not started (a job lost
 * with a crash, a campaign that was paused and resumed), and starts the AfterProject children whose
 * parents completed while no listener saw it; then fills the flow of the links due for their
 * scheduled re-check (engine/verify/recheck-flow.ts), which the re-checks' own ends keep filling
 * between ticks.
 */
export async function runSchedulerTick(ctx: AppContext, now = Date.now()): Promise<TickResult> {
  const { db } = ctx.database;
  let armed = 0;
  for (const project of await projectsWithoutJob(db, TICK_BATCH)) {
    await sendScheduleStart(ctx, project);
    armed += 1;
  }
  let started = 0;
  for (const project of await dueProjects(db, now - TICK_GRACE_MS, TICK_BATCH)) {
    if ((await startScheduledProject(ctx, project)) === 'started') started += 1;
  }
  const children = await startDueChildren(ctx, now);
  const rechecks = await recheckFlowOf(ctx).tick(now);
  return { armed, started, children, rechecks };
}
