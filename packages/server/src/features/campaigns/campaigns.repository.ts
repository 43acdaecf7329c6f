import type { Kysely } from 'kysely';
import type { CampaignStatus, ProjectCount } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { selectOwned } from '../../platform/auth/ownership';
import { reusableQuery } from '../../platform/db/dialect';

export interface CampaignRow {
  id: number;
  name: string;
  campaign_status: string;
  creating_type: string;
}

const COLUMNS = ['id', 'name', 'campaign_status', 'creating_type'] as const;

/** The user's campaigns, newest first (the list's default sort is ID descending). */
export async function listCampaigns(db: Kysely<DB>, ownerId: number): Promise<CampaignRow[]> {
  return (await campaignListQuery(db, ownerId)).rows;
}

/** The campaign list's query, built and compiled once (it runs on every visit of the list). */
const campaignListQuery = reusableQuery((db, ownerId: number) => selectOwned(db, 'campaigns', ownerId)
  .select(['id', 'name', 'campaign_status', 'creating_type'])
  .orderBy('id', 'desc'));

/** One of the user's campaigns, or undefined (another user's id looks missing). */
export async function findCampaign(db: Kysely<DB>, ownerId: number, id: number): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').select(COLUMNS).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Of these ids, the ones that are the user's campaigns. */
export async function ownedCampaignIds(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db.selectFrom('campaigns').select('id').where('owner_id', '=', ownerId).where('id', 'in', [...ids]).execute();
  return rows.map((row) => row.id);
}

export async function insertCampaign(
  db: Kysely<DB>,
  campaign: { ownerId: number; name: string; campaignStatus?: string; creatingType?: string; wizardString?: string },
): Promise<number> {
  const row = await db
    .insertInto('campaigns')
    .values({
      owner_id: campaign.ownerId,
      name: campaign.name,
      campaign_status: campaign.campaignStatus ?? 'ACTIVE',
      creating_type: campaign.creatingType ?? 'Manual',
      wizard_string: campaign.wizardString ?? null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The wizard a campaign of the user was made with (lz-string text), null for a manual one; undefined when not theirs. */
export async function findCampaignWizard(db: Kysely<DB>, ownerId: number, id: number): Promise<(CampaignRow & { wizard_string: string | null }) | undefined> {
  return db.selectFrom('campaigns').select([...COLUMNS, 'wizard_string']).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Renames one of the user's campaigns; false when it is not theirs. */
export async function renameCampaign(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable('campaigns').set({ name }).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setCampaignStatus(db: Kysely<DB>, ownerId: number, id: number, status: CampaignStatus): Promise<void> {
  await db.updateTable('campaigns').set({ campaign_status: status }).where('id', '=', id).where('owner_id', '=', ownerId).execute();
}

/**
 * Deletes the user's campaigns `ids`; their projects, profiles, accounts, link sets and links go
 * with them through the cascading foreign keys. All or nothing: when one id is not the user's
 * campaign nothing is deleted and null is returned (the caller answers 404).
 */
export async function deleteCampaigns(db: Kysely<DB>, ownerId: number, ids: readonly number[]): Promise<number[] | null> {
  return db.transaction().execute(async (trx) => {
    const found = (await trx.selectFrom('campaigns').select('id').where('owner_id', '=', ownerId).where('id', 'in', [...ids]).execute()).map((row) => row.id);
    if (found.length !== new Set(ids).size) return null;
    await trx.deleteFrom('campaigns').where('id', 'in', found).execute();
    return found;
  });
}

const COUNTED: Record<string, keyof ProjectCount> = { SCHEDULED: 'scheduled', RUNNING: 'running', STARTING: 'starting', FAILED: 'failed' };

function countedProjects(db: Kysely<DB>, ownerId: number) {
  return db
    .selectFrom('projects')
    .select((eb) => ['campaign_id', 'status', eb.fn.countAll().as('n')])
    .where('owner_id', '=', ownerId)
    .where('status', 'in', Object.keys(COUNTED))
    .groupBy(['campaign_id', 'status']);
}

/** Every campaign's counts (the campaign list), built and compiled once. */
const allProjectCountsQuery = reusableQuery((db, ownerId: number) => countedProjects(db, ownerId));

/** Project Count tags per campaign, computed from the projects table in one grouped query. */
export async function projectCounts(db: Kysely<DB>, ownerId: number, campaignId?: number): Promise<Map<number, ProjectCount>> {
  const rows = campaignId === undefined ? (await allProjectCountsQuery(db, ownerId)).rows : await countedProjects(db, ownerId).where('campaign_id', '=', campaignId).execute();
  const counts = new Map<number, ProjectCount>();
  for (const row of rows) {
    const count = counts.get(row.campaign_id) ?? { scheduled: 0, running: 0, starting: 0, failed: 0 };
    count[COUNTED[row.status]!] = Number(row.n);
    counts.set(row.campaign_id, count);
  }
  return counts;
}
