import type { Kysely } from 'kysely';
import { projectKind, type SiteRow } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { assertOwned } from '../../platform/auth/ownership';
import { HttpError, NotFoundError } from '../../platform/http/errors';
import { findProject } from './projects.repository';
import { privateNetworkSites, siteRows } from './project-site-sources';
import { projectSiteStates } from './project-sites.repository';

export const PRIVATE_PROJECTS_ONLY = 'Only private blog projects post to a private network';

/**
 * POST /rest/privatesitestatus: the sites of one of the user's private networks with what one of
 * the user's private projects holds about them (ticks, statuses), before that network is saved.
 */
export async function privateSiteStatus(db: Kysely<DB>, ownerId: number, query: { projectId: number; privateGroupId: number }): Promise<SiteRow[]> {
  const project = await findProject(db, ownerId, query.projectId);
  if (!project) throw new NotFoundError();
  await assertOwned(db, 'private_networks', query.privateGroupId, ownerId);
  if (projectKind(project.module) !== 'privateproject') throw new HttpError(422, PRIVATE_PROJECTS_ONLY);
  const [sources, states] = await Promise.all([privateNetworkSites(db, ownerId, query.privateGroupId), projectSiteStates(db, ownerId, project.id)]);
  return siteRows(sources, states);
}
