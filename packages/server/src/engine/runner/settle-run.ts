import { projectKind } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { findProject, presentProject, publishProjectStatus } from '../seams';
import type { RunState } from './engine.tables';
import { emitRunFinished, type FinishedRunStatus } from './run-events';
import { failedSiteErrors, findRun, openPostCount } from './runs.repository';
import { progressNounOf, refreshRunSites } from './site-progress';

const FINAL_RUN_STATES: readonly RunState[] = ['stopped', 'completed', 'failed'];

/** The project statuses a run may end from (the run moves its project on from these only). */
const ACTIVE_PROJECT_STATUSES = ['STARTING', 'RUNNING', 'STOPPING'];

export function isFinalRunState(state: string): boolean {
  return (FINAL_RUN_STATES as readonly string[]).includes(state);
}

interface Ending {
  runState: RunState;
  status: FinishedRunStatus;
  lastError: string[];
}

/**
 * Ends a run in one transaction (compare-and-set on its state, so only one caller ends it): run
 * and project get their final state and errors; then `projectStatusChanged` and the run-finished
 * listeners. False when it had already ended.
 */
export async function endRun(ctx: AppContext, ownerId: number, runId: number, ending: Ending, log?: (error: unknown) => void): Promise<boolean> {
  const { db } = ctx.database;
  const now = Date.now();
  const lastError = JSON.stringify(ending.lastError);
  const ended = await db.transaction().execute(async (trx) => {
    const run = await trx.updateTable('project_runs')
      .set({ state: ending.runState, finished_at: now, last_error: lastError })
      .where('id', '=', runId).where('owner_id', '=', ownerId).where('state', 'in', ['running', 'stopping'])
      .returning('project_id').executeTakeFirst();
    if (!run) return undefined;
    // Only the project's current run moves the project (an older run that ends late changes nothing).
    const newer = await trx.selectFrom('project_runs').select('id').where('project_id', '=', run.project_id).where('id', '>', runId).executeTakeFirst();
    if (!newer) {
      await trx.updateTable('projects').set({ status: ending.status, last_error: lastError })
        .where('id', '=', run.project_id).where('owner_id', '=', ownerId).where('status', 'in', ACTIVE_PROJECT_STATUSES)
        .execute();
    }
    return { projectId: run.project_id, moved: !newer };
  });
  if (!ended) return false;
  const project = await findProject(db, ownerId, ended.projectId);
  if (project) await refreshRunSites(ctx, ownerId, ended.projectId, runId, progressNounOf(projectKind(project.module)));
  if (ended.moved && project) publishProjectStatus(ctx, ownerId, presentProject(project));
  await emitRunFinished(ctx, { ownerId, projectId: ended.projectId, runId, status: ending.status }, log);
  return true;
}

/** The lines of a run's lastError (a JSON list of texts). */
function runLines(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Ends a run once none of its posts is planned or publishing: STOPPED after a Stop, FAILED with
 * one line per failed site (the site and what to do), COMPLETED otherwise. Safe to call from every
 * place a post ends; does nothing while work is left or the run is not planned yet.
 */
export async function settleRun(ctx: AppContext, ownerId: number, runId: number, log?: (error: unknown) => void): Promise<void> {
  const { db } = ctx.database;
  if ((await openPostCount(db, runId)) > 0) return;
  const run = await findRun(db, ownerId, runId);
  if (!run || isFinalRunState(run.state)) return;
  const project = await db.selectFrom('projects').select('status').where('id', '=', run.project_id).executeTakeFirst();
  // A running run whose project is still STARTING has not planned its posts yet.
  if (run.state === 'running' && project?.status === 'STARTING') return;
  const failures = await failedSiteErrors(db, runId);
  // Warning lines written during the run (a spinner that fell back) stay after the sites' errors.
  const warnings = runLines(run.last_error);
  const lastError = [...new Set([...failures.map((failure) => failure.error), ...warnings])];
  if (run.state === 'stopping') {
    await endRun(ctx, ownerId, runId, { runState: 'stopped', status: 'STOPPED', lastError }, log);
    return;
  }
  await endRun(ctx, ownerId, runId, failures.length > 0
    ? { runState: 'failed', status: 'FAILED', lastError }
    : { runState: 'completed', status: 'COMPLETED', lastError: warnings }, log);
}
