import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

export interface LinkSetRecord {
  id: number;
  name: string;
  campaign_id: number;
  /** Number of links (a string on PostgreSQL, where count is bigint). */
  count: number | string | bigint;
}

/** Link sets of the user with their link counts, in id order. */
function selectLinkSets(db: Kysely<DB>, ownerId: number) {
  return db.selectFrom('url_lists')
    .select((eb) => [
      'url_lists.id', 'url_lists.name', 'url_lists.campaign_id',
      eb.selectFrom('url_items').whereRef('url_items.url_list_id', '=', 'url_lists.id').select(eb.fn.countAll().as('n')).as('count'),
    ])
    .where('url_lists.owner_id', '=', ownerId)
    .orderBy('url_lists.id', 'asc');
}

function withCount(row: { count: unknown } & Omit<LinkSetRecord, 'count'>): LinkSetRecord {
  return { ...row, count: Number(row.count ?? 0) };
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
  return { ...row, count: 0 };
}

/** Renames one of the user's link sets; false when it is not theirs. */
export async function renameLinkSet(db: Kysely<DB>, ownerId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable('url_lists').set({ name }).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes these link sets of this campaign of the user (what they hold cascades). All or nothing: when one id is
 * not such a row (another campaign's, another user's, missing) nothing is deleted and null is
 * returned, so the caller answers 404.
 */
export async function deleteLinkSets(db: Kysely<DB>, ownerId: number, campaignId: number, ids: readonly number[]): Promise<number[] | null> {
  return db.transaction().execute(async (trx) => {
    const found = (await trx.selectFrom('url_lists').select('id')
      .where('owner_id', '=', ownerId).where('campaign_id', '=', campaignId).where('id', 'in', [...ids])
      .execute()).map((row) => row.id);
    if (found.length !== new Set(ids).size) return null;
    await trx.deleteFrom('url_lists').where('id', 'in', found).execute();
    return found;
  });
}
