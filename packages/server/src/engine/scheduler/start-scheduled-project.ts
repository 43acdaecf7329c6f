import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import { startProjectRun } from '../runner/start-project-run';
import { findScheduledProject, updateScheduleColumns, type ScheduledProject } from './scheduled-projects.repository';
import { withScheduleStatus } from './schedule-rules';

/**
 * What became of a due start: `started` (the project is STARTING with a new run), `paused` (its
 * campaign is paused: the start stays due and happens on resume), `gone` (the project is no longer
 * SCHEDULED, its schedule changed, or another worker started it first).
 */
export type ScheduledStartOutcome = 'started' | 'paused' | 'gone';

/**
 * Starts a SCHEDULED project whose start is due (`next_run_at` set and ≤ now). The schedule is
 * claimed first — its status becomes RUNNING and next_run_at is cleared, compare-and-set on the
 * schedule text and next_run_at — so the precise job, the tick and another worker can all try and
 * only one starts it; then the runner's startProjectRun moves SCHEDULED → STARTING. When the
 * runner refuses (the project changed meanwhile) the claim is undone.
 */
export async function startScheduledProject(ctx: AppContext, project: ScheduledProject): Promise<ScheduledStartOutcome> {
  const { db } = ctx.database;
  if (project.status !== 'SCHEDULED' || project.schedule === null || project.next_run_at === null) return 'gone';
  if (project.campaign_status !== 'ACTIVE') return 'paused';
  const running = withScheduleStatus(project.schedule, 'RUNNING');
  const claimed = await updateScheduleColumns(
    db, project.owner_id, project.id,
    { schedule: project.schedule, status: 'SCHEDULED', nextRunAt: project.next_run_at },
    { schedule: running, next_run_at: null, schedule_job_id: null },
  );
  if (!claimed) return 'gone';
  try {
    await startProjectRun(ctx, project.owner_id, project.id, { from: ['SCHEDULED'] });
    return 'started';
  } catch (error) {
    // Still SCHEDULED (the runner wrote nothing): give the start back as it was.
    await updateScheduleColumns(
      db, project.owner_id, project.id, { schedule: running, status: 'SCHEDULED', nextRunAt: null },
      { schedule: project.schedule, next_run_at: project.next_run_at, schedule_job_id: project.schedule_job_id },
    );
    if (error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 404)) return 'gone';
    throw error;
  }
}

/** The same for a project named by id, as the precise start job and the run listener know it. */
export async function startScheduledProjectById(ctx: AppContext, ownerId: number, projectId: number, expectedAt?: number): Promise<ScheduledStartOutcome> {
  const project = await findScheduledProject(ctx.database.db, ownerId, projectId);
  if (!project) return 'gone';
  // A job armed for an instant the schedule no longer has (changed or deleted since) does nothing.
  if (expectedAt !== undefined && project.next_run_at !== expectedAt) return 'gone';
  return startScheduledProject(ctx, project);
}
