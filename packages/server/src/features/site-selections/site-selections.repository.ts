import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { SiteSelectionsTable } from './site-selections.tables';
import { NotFoundError } from '../../platform/http/errors';

const SELECTION_COLUMNS = ['id', 'name', 'selection_type', 'img', 'video', 'dofollow', 'min_pr'] as const;
export type SiteSelectionRow = Pick<Selectable<SiteSelectionsTable>, (typeof SELECTION_COLUMNS)[number]>;

/** The user's selections, newest first (the list sorts by ID descending). */
export function listSiteSelections(db: Kysely<DB>, ownerId: number): Promise<SiteSelectionRow[]> {
  return db.selectFrom('site_selections').select(SELECTION_COLUMNS).where('owner_id', '=', ownerId).orderBy('id', 'desc').execute();
}

/** One selection of the user, or 404 (another user's answers like a missing one). */
export async function getSiteSelection(db: Kysely<DB>, ownerId: number, id: number): Promise<SiteSelectionRow> {
  const row = await db.selectFrom('site_selections').select(SELECTION_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

export function insertSiteSelection(db: Kysely<DB>, ownerId: number, name: string, type: string): Promise<SiteSelectionRow> {
  return db.insertInto('site_selections').values({ owner_id: ownerId, name, selection_type: type, created_at: Date.now() })
    .returning(SELECTION_COLUMNS).executeTakeFirstOrThrow();
}

/** Changes the user's selection; 404 when it is not theirs. */
export async function updateSiteSelection(
  db: Kysely<DB>, ownerId: number, id: number,
  fields: Partial<Pick<SiteSelectionRow, 'name' | 'selection_type' | 'img' | 'video' | 'dofollow' | 'min_pr'>>,
): Promise<void> {
  const result = await db.updateTable('site_selections').set(fields).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError();
}

/** Deletes the user's selections (their ticks go with them); all or nothing: a foreign id answers 404. */
export function deleteSiteSelections(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom('site_selections').select('id').where('owner_id', '=', ownerId).where('id', 'in', wanted).execute();
    if (owned.length !== wanted.length) throw new NotFoundError();
    await trx.deleteFrom('site_selections').where('owner_id', '=', ownerId).where('id', 'in', wanted).execute();
    return wanted.sort((a, b) => a - b);
  });
}

/** The ticked sites of a selection (already checked to be the user's). */
export function selectedSitesOf(db: Kysely<DB>, selectionId: number): Promise<{ module: string; site_id: number }[]> {
  return db.selectFrom('site_selection_sites').select(['module', 'site_id']).where('site_selection_id', '=', selectionId)
    .orderBy('module').orderBy('site_id').execute();
}

/** The ticked platforms of a selection (already checked to be the user's). */
export function selectedPlatformsOf(db: Kysely<DB>, selectionId: number): Promise<{ module: string; platform: string; prob: number }[]> {
  return db.selectFrom('site_selection_platforms').select(['module', 'platform', 'prob']).where('site_selection_id', '=', selectionId)
    .orderBy('module').orderBy('platform').execute();
}

// 3 bound values per row.
const ROWS_PER_STATEMENT = 1000;

/** Replaces a selection's ticks with these (call inside the save's transaction). */
export async function replaceSelectedItems(
  db: Kysely<DB>, selectionId: number,
  sites: readonly { module: string; siteId: number }[], platforms: readonly { module: string; platform: string }[],
): Promise<void> {
  await db.deleteFrom('site_selection_sites').where('site_selection_id', '=', selectionId).execute();
  await db.deleteFrom('site_selection_platforms').where('site_selection_id', '=', selectionId).execute();
  for (let start = 0; start < sites.length; start += ROWS_PER_STATEMENT) {
    await db.insertInto('site_selection_sites')
      .values(sites.slice(start, start + ROWS_PER_STATEMENT).map((site) => ({ site_selection_id: selectionId, module: site.module, site_id: site.siteId })))
      .execute();
  }
  if (platforms.length > 0) {
    await db.insertInto('site_selection_platforms')
      .values(platforms.map((p) => ({ site_selection_id: selectionId, module: p.module, platform: p.platform, prob: 100 })))
      .execute();
  }
}
