import { PROJECT_LIFECYCLE_MESSAGES, transition } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { ConflictError, NotFoundError } from '../../platform/http/errors';
import type { ProjectRecord } from '../seams';
import { STARTABLE_BY_USER, startProjectRun } from '../runner/start-project-run';
import { findScheduledProject, updateScheduleColumns } from './scheduled-projects.repository';
import { withScheduleStatus } from './schedule-rules';

const STATUS_CHANGED_MEANWHILE = 'The project changed meanwhile: reload it and try again';

/**
 * Run now (issue 35): one of the user's projects starts at once and keeps its schedule.
 *
 * A SCHEDULED project — waiting for its date, or for its parents (AfterProject) — has its
 * schedule claimed as a due start would claim it (schedule status RUNNING, `next_run_at` and the
 * start job cleared, compare-and-set), then the runner moves SCHEDULED → STARTING. The run is the
 * schedule's run: a Spread spreads its posts from now, the schedule reads DONE when it ends, and
 * the projects that wait for this one start when it completes (onRunFinished), as they would have.
 * When the runner refuses, the claim is given back. A project Start could start is started as
 * Start does (its schedule, if any, stays as it is). 409 with what to do instead otherwise; a
 * paused campaign is refused (its posts would only wait).
 */
export async function runProjectNow(ctx: AppContext, ownerId: number, projectId: number): Promise<ProjectRecord> {
  const { db } = ctx.database;
  const project = await findScheduledProject(db, ownerId, projectId);
  if (!project) throw new NotFoundError();
  const rule = transition(project.status, 'runNow', project.module === 'AccountCreation');
  if (!rule.ok) throw new ConflictError(rule.reason);
  if (project.campaign_status !== 'ACTIVE') throw new ConflictError(PROJECT_LIFECYCLE_MESSAGES.campaignPaused);
  if (project.status !== 'SCHEDULED' || project.schedule === null) return startProjectRun(ctx, ownerId, projectId, { from: STARTABLE_BY_USER });

  const running = withScheduleStatus(project.schedule, 'RUNNING');
  const claimed = await updateScheduleColumns(
    db, ownerId, projectId, { schedule: project.schedule, status: 'SCHEDULED', nextRunAt: project.next_run_at },
    { schedule: running, next_run_at: null, schedule_job_id: null },
  );
  if (!claimed) throw new ConflictError(STATUS_CHANGED_MEANWHILE);
  try {
    const started = await startProjectRun(ctx, ownerId, projectId, { from: ['SCHEDULED'] });
    // The start job of the date it no longer waits for (it would find the claim and do nothing anyway).
    if (project.schedule_job_id !== null) await ctx.queue.cancel(project.schedule_job_id);
    return started;
  } catch (error) {
    await updateScheduleColumns(
      db, ownerId, projectId, { schedule: running, status: 'SCHEDULED', nextRunAt: null },
      { schedule: project.schedule, next_run_at: project.next_run_at, schedule_job_id: project.schedule_job_id },
    );
    throw error;
  }
}
