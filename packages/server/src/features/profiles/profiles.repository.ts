import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { deleteCampaignRows, renameOwnedRow } from '../../platform/db/owned-rows';

export interface ProfileRecord {
  id: number;
  name: string;
  group_name: string;
  campaign_id: number;
  /** Number of accounts (a string on PostgreSQL, where count is bigint). */
  count: number | string | bigint;
}

/** Profiles of the user with their account counts (kept by triggers, migration 0045), optionally of one campaign, in id order. */
function selectProfiles(db: Kysely<DB>, ownerId: number) {
  return db.selectFrom('profiles')
    .select(['profiles.id', 'profiles.name', 'profiles.group_name', 'profiles.campaign_id', 'profiles.account_count as count'])
    .where('profiles.owner_id', '=', ownerId)
    .orderBy('profiles.id', 'asc');
}

function withCount(row: { count: unknown } & Omit<ProfileRecord, 'count'>): ProfileRecord {
  return { ...row, count: Number(row.count ?? 0) };
}

export async function listProfiles(db: Kysely<DB>, ownerId: number, campaignId?: number): Promise<ProfileRecord[]> {
  let query = selectProfiles(db, ownerId);
  if (campaignId !== undefined) query = query.where('profiles.campaign_id', '=', campaignId);
  return (await query.execute()).map(withCount);
}

export async function findProfile(db: Kysely<DB>, ownerId: number, id: number): Promise<ProfileRecord | undefined> {
  const row = await selectProfiles(db, ownerId).where('profiles.id', '=', id).executeTakeFirst();
  return row && withCount(row);
}

export async function insertProfile(db: Kysely<DB>, profile: { ownerId: number; campaignId: number; name: string; group?: string }): Promise<ProfileRecord> {
  const row = await db.insertInto('profiles')
    .values({ owner_id: profile.ownerId, campaign_id: profile.campaignId, name: profile.name, group_name: profile.group ?? '', created_at: Date.now() })
    .returning(['id', 'name', 'group_name', 'campaign_id'])
    .executeTakeFirstOrThrow();
  return { ...row, count: 0 };
}

/** Renames one of the user's profiles; false when it is not theirs. */
export function renameProfile(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<boolean> {
  return renameOwnedRow(db, 'profiles', ownerId, id, name);
}

/** Deletes these profiles of this campaign of the user, all or nothing (null: answer 404). */
export function deleteProfiles(db: Kysely<DB>, ownerId: number, campaignId: number, ids: readonly number[]): Promise<number[] | null> {
  return deleteCampaignRows(db, 'profiles', ownerId, campaignId, ids);
}
