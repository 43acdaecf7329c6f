import { PROJECT_STATUSES, type ProjectRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';

/**
 * Tells the project's screens and its campaign's screen (after the write committed) that the
 * project's status, errors or schedule changed: `projectStatusChanged` on `project/{id}` and
 * `campaign/{campaignId}`.
 */
export function publishProjectStatus(ctx: AppContext, ownerId: number, project: ProjectRow): void {
  // Statuses are only ever written from PROJECT_STATUSES; anything else has nothing to announce.
  const status = PROJECT_STATUSES.find((known) => known === project.status);
  if (status === undefined) return;
  const payload = { projectId: project.id, status, lastError: project.lastError, schedule: project.schedule };
  ctx.live?.publish(ownerId, `project/${project.id}`, 'projectStatusChanged', payload);
  ctx.live?.publish(ownerId, `campaign/${project.campaignId}`, 'projectStatusChanged', payload);
}
