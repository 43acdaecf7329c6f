import { PROJECT_LIFECYCLE_MESSAGES, type ProjectAction, type ProjectRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../platform/http/errors';
import {
  STARTABLE_BY_USER, runProjectNow, startMailVerification, startProjectRun, stopMailVerification, stopProjectRun,
} from '../../engine/entry-points';
import { findProject } from './projects.repository';
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
 * Start of a SCHEDULED project keeps the spec's refusal and names the way out (Run now) as its
 * detail; Run now (issue 35) is refused with the same readiness list as Start.
 */
export async function changeProjectStatus(ctx: AppContext, ownerId: number, projectId: number, action: ProjectAction): Promise<ProjectRow> {
  if (action === 'start') {
    if ((await findProject(ctx.database.db, ownerId, projectId))?.status === 'SCHEDULED') {
      throw new HttpError(409, PROJECT_LIFECYCLE_MESSAGES.scheduled, [PROJECT_LIFECYCLE_MESSAGES.runNowInstead]);
    }
    await refuseStartIfNotReady(ctx, ownerId, projectId);
    return presentProject(await startProjectRun(ctx, ownerId, projectId, { from: STARTABLE_BY_USER }));
  }
  if (action === 'runNow') {
    await refuseStartIfNotReady(ctx, ownerId, projectId, { scheduledToo: true });
    return presentProject(await runProjectNow(ctx, ownerId, projectId));
  }
  if (action === 'stop') return presentProject(await stopProjectRun(ctx, ownerId, projectId));
  const verifying = action === 'startVerifying' ? startMailVerification : stopMailVerification;
  return presentProject(await verifying(ctx, ownerId, projectId));
}
