/**
 * A line added to a finished run's lastError (and its project's, while that run is the project's
 * current one and the project is not running again) without changing any status: what an indexing
 * service refused after the run ended. Published as `projectStatusChanged` so the screens show it.
 */
import type { AppContext } from '../../app-context';
import { findProject, presentProject, publishProjectStatus } from '../seams';

/** Project statuses a finished run leaves behind: only these take the line (a new Start owns lastError). */
const FINISHED_PROJECT_STATUSES = ['COMPLETED', 'FAILED', 'STOPPED'];

function lines(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Adds `line` once (a retried job adds nothing); true when the project's lastError changed too.
 * With `whileRunning`, a running project whose current run this is shows the line at once (View
 * Error), for what the user must act on before the run can go on.
 */
export async function addRunWarning(ctx: AppContext, ownerId: number, runId: number, line: string, options: { whileRunning?: boolean } = {}): Promise<boolean> {
  const statuses = options.whileRunning ? [...FINISHED_PROJECT_STATUSES, 'RUNNING'] : FINISHED_PROJECT_STATUSES;
  const { db, dialect } = ctx.database;
  const changed = await db.transaction().execute(async (trx) => {
    const read = trx.selectFrom('project_runs').select(['project_id', 'last_error']).where('id', '=', runId).where('owner_id', '=', ownerId);
    // Two services may warn about one run at once: PostgreSQL locks the row (SQLite writes one at a time).
    const run = await (dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
    if (!run) return undefined;
    const before = lines(run.last_error);
    if (before.includes(line)) return undefined;
    const lastError = JSON.stringify([...before, line]);
    await trx.updateTable('project_runs').set({ last_error: lastError }).where('id', '=', runId).execute();
    const newer = await trx.selectFrom('project_runs').select('id').where('project_id', '=', run.project_id).where('id', '>', runId).executeTakeFirst();
    if (newer) return undefined;
    const project = await trx.updateTable('projects').set({ last_error: lastError })
      .where('id', '=', run.project_id).where('owner_id', '=', ownerId).where('status', 'in', statuses)
      .executeTakeFirst();
    return Number(project.numUpdatedRows) === 1 ? run.project_id : undefined;
  });
  if (changed === undefined) return false;
  const project = await findProject(db, ownerId, changed);
  if (project) publishProjectStatus(ctx, ownerId, presentProject(project));
  return true;
}
