import type { Kysely } from 'kysely';
import { SITE_STATUSES, type SiteStatus } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { selectOwned } from '../../platform/auth/ownership';

/** What a project holds about one of its sites. */
export interface ProjectSiteState {
  checked: boolean;
  status: SiteStatus;
  waitInfo: string | null;
}

const toStatus = (status: string): SiteStatus => SITE_STATUSES.find((known) => known === status) ?? 'NONE';

/** Every site row of one of the user's projects, by site key, in one query. */
export async function projectSiteStates(db: Kysely<DB>, ownerId: number, projectId: number): Promise<Map<string, ProjectSiteState>> {
  const rows = await selectOwned(db, 'project_sites', ownerId).select(['site_key', 'checked', 'status', 'wait_info'])
    .where('project_id', '=', projectId).execute();
  return new Map(rows.map((row) => [row.site_key, { checked: row.checked === 1, status: toStatus(row.status), waitInfo: row.wait_info }]));
}

// 6 bound values per row; SQLite allows 32,766 per statement, PostgreSQL 65,535.
const ROWS_PER_STATEMENT = 1000;

/**
 * Makes these site keys the project's ticked sites: every other row is unticked (its status and
 * progress stay), these are ticked, added when new. Call inside the save's transaction.
 */
export async function setCheckedSites(db: Kysely<DB>, ownerId: number, projectId: number, checkedKeys: readonly string[]): Promise<void> {
  const now = Date.now();
  await db.updateTable('project_sites').set({ checked: 0, updated_at: now })
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('checked', '=', 1).execute();
  for (let start = 0; start < checkedKeys.length; start += ROWS_PER_STATEMENT) {
    const values = checkedKeys.slice(start, start + ROWS_PER_STATEMENT).map((key) => ({
      owner_id: ownerId, project_id: projectId, site_key: key, checked: 1, created_at: now, updated_at: now,
    }));
    await db.insertInto('project_sites').values(values)
      .onConflict((oc) => oc.columns(['project_id', 'site_key']).doUpdateSet({ checked: 1, updated_at: now }))
      .execute();
  }
}

/**
 * Ticks sites of projects that have no site rows yet (projects just created, e.g. by the wizard's
 * Create Campaign), all in multi-row inserts. Call inside the creating transaction.
 */
export async function insertCheckedSites(db: Kysely<DB>, ownerId: number, rows: readonly { projectId: number; siteKey: string }[]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => ({
      owner_id: ownerId, project_id: row.projectId, site_key: row.siteKey, checked: 1, created_at: now, updated_at: now,
    }));
    await db.insertInto('project_sites').values(values).execute();
  }
}
