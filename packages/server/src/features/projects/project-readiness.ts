import { PROJECT_LIFECYCLE_MESSAGES, type ProjectReadiness } from '@linkloom/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { Database } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { HttpError, NotFoundError } from '../../platform/http/errors';
import { STARTABLE_BY_USER, runReadiness } from '../../engine/entry-points';

/** One of the user's projects as the run planner reads it, or 404 (another user's id looks missing). */
async function projectToPlan(db: Kysely<DB>, ownerId: number, projectId: number) {
  const project = await db.selectFrom('projects').select(['id', 'module', 'settings', 'schedule', 'status'])
    .where('id', '=', projectId).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!project) throw new NotFoundError();
  return project;
}

/**
 * What one of the user's projects still lacks before a run can do anything (issue 11.2): the
 * engine's own list of what fails a run at once, so the screen and the runner never disagree.
 */
export async function projectReadiness(database: Database, ownerId: number, projectId: number): Promise<ProjectReadiness> {
  const project = await projectToPlan(database.db, ownerId, projectId);
  const { problems, notices } = await runReadiness(database.db, ownerId, project);
  return { problems, notices };
}

/**
 * A person's Start of a project in a startable status whose run would fail at once is refused
 * with the list (422: the message, then one detail per problem) and nothing changes. The
 * lifecycle's refusals (SCHEDULED, already running: 409) come first, as spec 1 §4 has them. Run
 * now (`scheduledToo`) checks a SCHEDULED project the same way.
 */
export async function refuseStartIfNotReady(ctx: AppContext, ownerId: number, projectId: number, options: { scheduledToo?: boolean } = {}): Promise<void> {
  const project = await projectToPlan(ctx.database.db, ownerId, projectId);
  if (!STARTABLE_BY_USER.includes(project.status) && !(options.scheduledToo === true && project.status === 'SCHEDULED')) return;
  const { problems } = await runReadiness(ctx.database.db, ownerId, project);
  if (problems.length > 0) throw new HttpError(422, PROJECT_LIFECYCLE_MESSAGES.notReady, problems);
}
