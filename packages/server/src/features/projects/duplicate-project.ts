import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { NotFoundError } from '../../platform/http/errors';
import { findProject, insertProject, projectSettings, type ProjectRecord } from './projects.repository';

/**
 * A copy of one of the user's projects in the same campaign under a new name: the form settings
 * are copied; status, errors and schedule start fresh (NEW, none, none) so the copy never runs
 * on its own.
 */
export async function duplicateProject(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<ProjectRecord> {
  const original = await findProject(db, ownerId, id);
  const settings = await projectSettings(db, ownerId, id);
  if (!original || settings === undefined) throw new NotFoundError();
  return insertProject(db, { ownerId, campaignId: original.campaign_id, module: original.module, name, settings });
}
