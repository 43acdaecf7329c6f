import type { AppContext } from '../../app-context';
import { findProject, presentProject, publishProjectStatus } from '../seams';
import type { RunFinished } from '../runner/run-events';
import { campaignProjectStates, updateScheduleColumns, waitingForParents, type ParentState, type ScheduledProject } from './scheduled-projects.repository';
import { parentIds, parentsDone, readSchedule, withScheduleStatus } from './schedule-rules';
import { startScheduledProject } from './start-scheduled-project';

/**
 * Starts the AfterProject children whose parents are done (schedule-rules `parentsDone`): each is
 * first marked due (`next_run_at` = now, so a paused campaign, a crash or a lost race leaves a due
 * start the tick picks up), then started. One owner's (and campaign's) when a run just finished;
 * everyone's from the tick. Returns how many were started.
 */
export async function startDueChildren(ctx: AppContext, now: number, scope: { ownerId: number; campaignId: number } | undefined = undefined): Promise<number> {
  const { db } = ctx.database;
  const waiting = (await waitingForParents(db, scope?.ownerId)).filter((child) => scope === undefined || child.campaign_id === scope.campaignId);
  const campaigns = new Map<string, ParentState[]>();
  let started = 0;
  for (const child of waiting) {
    const schedule = readSchedule(child.schedule);
    if (schedule?.scheduleType !== 'AfterProject' || child.schedule_armed_at === null) continue;
    const key = `${child.owner_id}/${child.campaign_id}`;
    let states = campaigns.get(key);
    if (!states) {
      states = await campaignProjectStates(db, child.owner_id, child.campaign_id);
      campaigns.set(key, states);
    }
    if (!parentsDone(parentIds(schedule, child.id, child.module, states), states, child.schedule_armed_at)) continue;
    const due: ScheduledProject = { ...child, next_run_at: now };
    const marked = await updateScheduleColumns(db, child.owner_id, child.id, { schedule: child.schedule, status: 'SCHEDULED', nextRunAt: null }, { next_run_at: now });
    if (marked && (await startScheduledProject(ctx, due)) === 'started') started += 1;
  }
  return started;
}

/** A project started by its schedule shows schedule.status DONE once that run has ended. */
async function markScheduleDone(ctx: AppContext, ownerId: number, projectId: number): Promise<void> {
  const { db } = ctx.database;
  const project = await findProject(db, ownerId, projectId);
  if (!project || project.schedule === null || project.status === 'SCHEDULED') return;
  if (readSchedule(project.schedule)?.status !== 'RUNNING') return;
  const schedule = withScheduleStatus(project.schedule, 'DONE');
  if (!(await updateScheduleColumns(db, ownerId, projectId, { schedule: project.schedule }, { schedule }))) return;
  const updated = await findProject(db, ownerId, projectId);
  if (updated) publishProjectStatus(ctx, ownerId, presentProject(updated));
}

/** The runner's onRunFinished listener: close the run's schedule, then start the children it unblocks. */
export async function scheduleAfterRun(ctx: AppContext, event: RunFinished): Promise<void> {
  await markScheduleDone(ctx, event.ownerId, event.projectId);
  if (event.status !== 'COMPLETED') return;
  const project = await findProject(ctx.database.db, event.ownerId, event.projectId);
  if (project) await startDueChildren(ctx, Date.now(), { ownerId: event.ownerId, campaignId: project.campaign_id });
}
