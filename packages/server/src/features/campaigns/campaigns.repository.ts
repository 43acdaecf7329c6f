import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { selectOwned } from '../../platform/auth/ownership';

export interface CampaignRow {
  id: number;
  name: string;
  campaign_status: string;
  creating_type: string;
}

/** The user's campaigns, newest first (the list's default sort is ID descending). */
export async function listCampaigns(db: Kysely<DB>, ownerId: number): Promise<CampaignRow[]> {
  return selectOwned(db, 'campaigns', ownerId)
    .select(['id', 'name', 'campaign_status', 'creating_type'])
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCampaign(
  db: Kysely<DB>,
  campaign: { ownerId: number; name: string; campaignStatus?: string; creatingType?: string },
): Promise<number> {
  const row = await db
    .insertInto('campaigns')
    .values({
      owner_id: campaign.ownerId,
      name: campaign.name,
      campaign_status: campaign.campaignStatus ?? 'ACTIVE',
      creating_type: campaign.creatingType ?? 'Manual',
      wizard_string: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
