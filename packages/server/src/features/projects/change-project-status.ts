import { transition, type ProjectAction, type ProjectRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { ConflictError, NotFoundError } from '../../platform/http/errors';
import { STARTABLE_BY_USER, startProjectRun, stopProjectRun } from '../../engine/entry-points';
import { findProject } from './projects.repository';
import { presentProject } from './projects.presenter';
import { publishProjectStatus } from './publish-project-status';
import { refuseStartIfNotReady } from './project-readiness';

export const STATUS_CHANGED_MEANWHILE = 'The project changed meanwhile: reload it and try again';

/**
 * Moves one of the user's projects to the status an action leads to (spec 1 §4): a start, stop or
 * email-verification call. A forbidden action answers 409 with the reason and changes nothing; the
 * update only applies if the status is still the one checked, so two racing calls cannot both win.
 * A Start the run would fail at once is refused first with what is missing (422, project-readiness.ts).
 * Start and Stop go through the engine's runner (a run row and its `project.run` job); the engine
 * moves the project on from STARTING / STOPPING.
 */
export async function changeProjectStatus(ctx: AppContext, ownerId: number, projectId: number, action: ProjectAction): Promise<ProjectRow> {
  if (action === 'start') {
    await refuseStartIfNotReady(ctx, ownerId, projectId);
    return presentProject(await startProjectRun(ctx, ownerId, projectId, { from: STARTABLE_BY_USER }));
  }
  if (action === 'stop') return presentProject(await stopProjectRun(ctx, ownerId, projectId));
  const { db } = ctx.database;
  const project = await findProject(db, ownerId, projectId);
  if (!project) throw new NotFoundError();
  const next = transition(project.status, action, project.module === 'AccountCreation');
  if (!next.ok) throw new ConflictError(next.reason);
  const updated = await db.updateTable('projects').set({ status: next.next })
    .where('id', '=', projectId).where('owner_id', '=', ownerId).where('status', '=', project.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new ConflictError(STATUS_CHANGED_MEANWHILE);

  const row = presentProject({ ...project, status: next.next });
  publishProjectStatus(ctx, ownerId, row);
  return row;
}
