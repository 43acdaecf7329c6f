import type { Kysely } from 'kysely';
import type { DB, OwnedTable } from './schema';

/** Owned tables whose rows belong to one campaign and carry a name (the campaign screen's tabs). */
export type CampaignRowTable = Extract<OwnedTable, 'projects' | 'profiles' | 'url_lists'>;

/** Renames one of the user's rows; false when it is not theirs (or does not exist). */
export async function renameOwnedRow(db: Kysely<DB>, table: CampaignRowTable, ownerId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable(table as CampaignRowTable).set({ name }).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes these rows of this campaign of the user (what they hold cascades). All or nothing: when
 * one id is not such a row (another campaign's, another user's, missing) nothing is deleted and
 * null is returned, so the caller answers 404.
 */
export async function deleteCampaignRows(
  db: Kysely<DB>, table: CampaignRowTable, ownerId: number, campaignId: number, ids: readonly number[],
): Promise<number[] | null> {
  return db.transaction().execute(async (trx) => {
    const found = (await trx.selectFrom(table as CampaignRowTable).select('id')
      .where('owner_id', '=', ownerId).where('campaign_id', '=', campaignId).where('id', 'in', [...ids])
      .execute()).map((row) => row.id);
    if (found.length !== new Set(ids).size) return null;
    await trx.deleteFrom(table as CampaignRowTable).where('id', 'in', found).execute();
    return found;
  });
}
