import type { Kysely } from 'kysely';
import { VERIFIED_LINK_CHECK_STATUSES } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { deleteCampaignRows, renameOwnedRow } from '../../platform/db/owned-rows';

export interface LinkSetRecord {
  id: number;
  name: string;
  campaign_id: number;
  /** Number of links (a string on PostgreSQL, where count is bigint). */
  count: number | string | bigint;
  /** Links a backlink check found on their page (VERIFIED_LINK_CHECK_STATUSES). */
  verified: number | string | bigint;
}

/** Link sets of the user with their link counts (all, verified), in id order. */
function selectLinkSets(db: Kysely<DB>, ownerId: number) {
  return db.selectFrom('url_lists')
    .select((eb) => [
      'url_lists.id', 'url_lists.name', 'url_lists.campaign_id',
      eb.selectFrom('url_items').whereRef('url_items.url_list_id', '=', 'url_lists.id').select(eb.fn.countAll().as('n')).as('count'),
      eb.selectFrom('url_items').whereRef('url_items.url_list_id', '=', 'url_lists.id').where('url_items.check_status', 'in', VERIFIED_LINK_CHECK_STATUSES)
        .select(eb.fn.countAll().as('n')).as('verified'),
    ])
    .where('url_lists.owner_id', '=', ownerId)
    .orderBy('url_lists.id', 'asc');
}

function withCount(row: { count: unknown; verified: unknown } & Omit<LinkSetRecord, 'count' | 'verified'>): LinkSetRecord {
  return { ...row, count: Number(row.count ?? 0), verified: Number(row.verified ?? 0) };
}

export async function listLinkSets(db: Kysely<DB>, ownerId: number, campaignId: number): Promise<LinkSetRecord[]> {
  return (await selectLinkSets(db, ownerId).where('url_lists.campaign_id', '=', campaignId).execute()).map(withCount);
}

export async function findLinkSet(db: Kysely<DB>, ownerId: number, id: number): Promise<LinkSetRecord | undefined> {
  const row = await selectLinkSets(db, ownerId).where('url_lists.id', '=', id).executeTakeFirst();
  return row && withCount(row);
}

export async function insertLinkSet(db: Kysely<DB>, linkSet: { ownerId: number; campaignId: number; name: string }): Promise<LinkSetRecord> {
  const row = await db.insertInto('url_lists')
    .values({ owner_id: linkSet.ownerId, campaign_id: linkSet.campaignId, name: linkSet.name, created_at: Date.now() })
    .returning(['id', 'name', 'campaign_id'])
    .executeTakeFirstOrThrow();
  return { ...row, count: 0, verified: 0 };
}

/** Renames one of the user's link sets; false when it is not theirs. */
export function renameLinkSet(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<boolean> {
  return renameOwnedRow(db, 'url_lists', ownerId, id, name);
}

/** Deletes these link sets of this campaign of the user, all or nothing (null: answer 404). */
export function deleteLinkSets(db: Kysely<DB>, ownerId: number, campaignId: number, ids: readonly number[]): Promise<number[] | null> {
  return deleteCampaignRows(db, 'url_lists', ownerId, campaignId, ids);
}
