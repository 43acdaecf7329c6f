import type { ProjectAction, ProjectRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { STARTABLE_BY_USER, startMailVerification, startProjectRun, stopMailVerification, stopProjectRun } from '../../engine/entry-points';
import { presentProject } from './projects.presenter';
import { refuseStartIfNotReady } from './project-readiness';

export const STATUS_CHANGED_MEANWHILE = 'The project changed meanwhile: reload it and try again';

/**
 * Moves one of the user's projects to the status an action leads to (spec 1 §4): a start, stop or
 * email-verification call. A forbidden action answers 409 with the reason and changes nothing; the
 * update only applies if the status is still the one checked, so two racing calls cannot both win.
 * A Start the run would fail at once is refused first with what is missing (422, project-readiness.ts).
 * Start and Stop go through the engine's runner (a run row and its `project.run` job); the engine
 * moves the project on from STARTING / STOPPING. Verify mail and Stop verifying go through its
 * `mail.verify` job, which moves the project on and back to the status it had before.
 */
export async function changeProjectStatus(ctx: AppContext, ownerId: number, projectId: number, action: ProjectAction): Promise<ProjectRow> {
  if (action === 'start') {
    await refuseStartIfNotReady(ctx, ownerId, projectId);
    return presentProject(await startProjectRun(ctx, ownerId, projectId, { from: STARTABLE_BY_USER }));
  }
  if (action === 'stop') return presentProject(await stopProjectRun(ctx, ownerId, projectId));
  const verifying = action === 'startVerifying' ? startMailVerification : stopMailVerification;
  return presentProject(await verifying(ctx, ownerId, projectId));
}
