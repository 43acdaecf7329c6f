import type { RunProgress } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { PostRow } from './runs.repository';

/**
 * Tells a project's screen what its run is doing right now (`runProgress` on project/{id}, issue
 * 11.4): an attempt as it starts, a retry and a wait as they are scheduled. Called after the
 * change that caused it is committed, like every live message; nothing is stored.
 */
export function publishRunProgress(
  ctx: AppContext, post: Pick<PostRow, 'owner_id' | 'project_id' | 'site_key'>, site: string | undefined, progress: Pick<RunProgress, 'step' | 'number' | 'of' | 'dueAt'>,
): void {
  ctx.live?.publish(post.owner_id, `project/${post.project_id}`, 'runProgress', {
    projectId: post.project_id, siteKey: post.site_key, site: site ?? post.site_key, ...progress,
  });
}
