import { PROJECT_LIFECYCLE_MESSAGES, transition } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { ConflictError, NotFoundError } from '../../platform/http/errors';
import { findProject, type ProjectRecord, presentProject, publishProjectStatus } from '../seams';
import { JOB, type ProjectRunPayload } from '../jobs/job-names';
import { cancelPlannedPosts } from './runs.repository';

const STATUS_CHANGED_MEANWHILE = 'The project changed meanwhile: reload it and try again';

/** The statuses a person's Start moves to STARTING (spec 1 §4). */
export const STARTABLE_BY_USER: readonly string[] = ['NEW', 'COMPLETED', 'STOPPED', 'FAILED'];

/** The job that drives a run; one waiting/running per run (its singleton key). */
export function sendProjectRun(ctx: AppContext, payload: ProjectRunPayload, startAfter?: Date): Promise<string> {
  return ctx.queue.send(JOB.projectRun, payload, {
    singletonKey: `run-${payload.runId}`,
    retryLimit: 5,
    retryDelaySeconds: 5,
    ...(startAfter ? { startAfter } : {}),
  });
}

function refusal(status: string, accountCreation: boolean): string {
  const rule = transition(status, 'start', accountCreation);
  return rule.ok ? PROJECT_LIFECYCLE_MESSAGES.notStartable(status) : rule.reason;
}

/**
 * Starts a run of one of the user's projects: its status moves from one of `from` to STARTING
 * (compare-and-set, so two racing starts cannot both win), a `project_runs` row is written in the
 * same transaction, then `project.run` is sent. 404 when it is not the user's project, 409 with the
 * lifecycle's reason when its status is not one of `from`.
 */
export async function startProjectRun(ctx: AppContext, ownerId: number, projectId: number, options: { from: readonly string[] }): Promise<ProjectRecord> {
  const { db } = ctx.database;
  const project = await findProject(db, ownerId, projectId);
  if (!project) throw new NotFoundError();
  if (!options.from.includes(project.status)) throw new ConflictError(refusal(project.status, project.module === 'AccountCreation'));
  const now = Date.now();
  const runId = await db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('projects').set({ status: 'STARTING', last_error: '[]' })
      .where('id', '=', projectId).where('owner_id', '=', ownerId).where('status', '=', project.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return undefined;
    const run = await trx.insertInto('project_runs')
      .values({ owner_id: ownerId, project_id: projectId, state: 'running', started_at: now, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    return run.id;
  });
  if (runId === undefined) throw new ConflictError(STATUS_CHANGED_MEANWHILE);
  await sendProjectRun(ctx, { ownerId, projectId, runId });
  const record: ProjectRecord = { ...project, status: 'STARTING', last_error: '[]' };
  publishProjectStatus(ctx, ownerId, presentProject(record));
  return record;
}

/**
 * Stops one of the user's projects: STARTING/RUNNING → STOPPING (409 otherwise). Its run stops
 * taking posts at once (planned posts are cancelled); the post in flight finishes. `project.run`
 * is sent to settle the run: it moves the project to STOPPED once nothing is in flight.
 */
export async function stopProjectRun(ctx: AppContext, ownerId: number, projectId: number): Promise<ProjectRecord> {
  const { db } = ctx.database;
  const project = await findProject(db, ownerId, projectId);
  if (!project) throw new NotFoundError();
  const rule = transition(project.status, 'stop', project.module === 'AccountCreation');
  if (!rule.ok) throw new ConflictError(rule.reason);
  const now = Date.now();
  const runId = await db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('projects').set({ status: 'STOPPING' })
      .where('id', '=', projectId).where('owner_id', '=', ownerId).where('status', '=', project.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const run = await trx.selectFrom('project_runs').select('id')
      .where('project_id', '=', projectId).where('owner_id', '=', ownerId)
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!run) return undefined;
    await trx.updateTable('project_runs').set({ state: 'stopping' }).where('id', '=', run.id).where('state', '=', 'running').execute();
    await cancelPlannedPosts(trx, run.id, now);
    return run.id;
  });
  if (runId === null) throw new ConflictError(STATUS_CHANGED_MEANWHILE);
  if (runId === undefined) {
    // STARTING/RUNNING without a run (data from before the engine): nothing can be in flight.
    await db.updateTable('projects').set({ status: 'STOPPED' }).where('id', '=', projectId).where('status', '=', 'STOPPING').execute();
    const stopped: ProjectRecord = { ...project, status: 'STOPPED' };
    publishProjectStatus(ctx, ownerId, presentProject(stopped));
    return stopped;
  }
  await sendProjectRun(ctx, { ownerId, projectId, runId });
  const record: ProjectRecord = { ...project, status: 'STOPPING' };
  publishProjectStatus(ctx, ownerId, presentProject(record));
  return record;
}
