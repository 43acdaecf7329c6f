import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import { findProject, insertProject, projectSettings, type ProjectRecord } from './projects.repository';
import { projectSiteStates, setCheckedSites } from './project-sites.repository';

/**
 * A copy of one of the user's projects in the same campaign under a new name: the form settings
 * and the ticked sites are copied; status, errors, schedule and site statuses start fresh (NEW,
 * none, none, NONE) so the copy never runs on its own. One transaction.
 */
export async function duplicateProject(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<ProjectRecord> {
  const original = await findProject(db, ownerId, id);
  const settings = await projectSettings(db, ownerId, id);
  if (!original || settings === undefined) throw new NotFoundError();
  const ticked = [...(await projectSiteStates(db, ownerId, id))].filter(([, state]) => state.checked).map(([key]) => key);
  return db.transaction().execute(async (trx) => {
    const copy = await insertProject(trx, { ownerId, campaignId: original.campaign_id, module: original.module, name, settings });
    await setCheckedSites(trx, ownerId, copy.id, ticked);
    return copy;
  });
}
