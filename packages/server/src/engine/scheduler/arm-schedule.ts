import type { AppContext } from '../../app-context';
import { JOB, type ScheduleStartPayload } from '../jobs/job-names';
import { findScheduledProject, updateScheduleColumns, type ScheduledProject } from './scheduled-projects.repository';

/**
 * The start job is due this long before its instant and its handler waits for the instant itself:
 * a worker polling for due jobs (every 250 ms when idle) has claimed it by then, so the start
 * lands on the instant instead of up to one polling interval after it.
 */
export const SCHEDULE_START_LEAD_MS = 500;

/**
 * Sends the job that starts a SCHEDULED project at its `next_run_at` (at once when that is past)
 * and records the job's id on the project so a change of schedule can cancel it. The singleton key
 * names the project and the instant: two processes arming the same start store one job.
 */
export async function sendScheduleStart(ctx: AppContext, project: ScheduledProject): Promise<void> {
  if (project.status !== 'SCHEDULED' || project.next_run_at === null) return;
  const at = project.next_run_at;
  const payload: ScheduleStartPayload = { ownerId: project.owner_id, projectId: project.id, at };
  const jobId = await ctx.queue.send(JOB.scheduleStart, payload, {
    singletonKey: `schedule:${project.id}:${at}`,
    startAfter: new Date(at - SCHEDULE_START_LEAD_MS),
    retryLimit: 5,
    retryDelaySeconds: 2,
  });
  await updateScheduleColumns(
    ctx.database.db, project.owner_id, project.id, { schedule: project.schedule, status: 'SCHEDULED', nextRunAt: at }, { schedule_job_id: jobId },
  );
}

/**
 * After a schedule was saved, reset or deleted (its columns written by features/projects): the
 * start job of the previous schedule is cancelled and, when the project now waits for an instant,
 * a new one is sent. An AfterProject schedule has no job: the runs of its parents start it.
 */
export async function rearmSchedule(ctx: AppContext, ownerId: number, projectId: number): Promise<void> {
  const project = await findScheduledProject(ctx.database.db, ownerId, projectId);
  if (!project) return;
  if (project.schedule_job_id !== null) {
    await ctx.queue.cancel(project.schedule_job_id);
    await updateScheduleColumns(ctx.database.db, ownerId, projectId, { schedule: project.schedule }, { schedule_job_id: null });
  }
  await sendScheduleStart(ctx, { ...project, schedule_job_id: null });
}
