import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * The keyword fields a campaign's link sets use as anchors (primary and secondary, where keywords
 * are on): the subject of the campaign, which its made-up blogs and authors are about (issue 34
 * item 6: nicheTopics / nicheIdentity). Empty for a campaign that is not the user's or has none.
 */
export async function campaignKeywordFields(db: Kysely<DB>, ownerId: number, campaignId: number): Promise<string[]> {
  const rows = await db.selectFrom('url_lists').select(['primary_keyword', 'secondary_keyword'])
    .where('owner_id', '=', ownerId).where('campaign_id', '=', campaignId).where('use_keyword', '=', 1).orderBy('id').execute();
  return rows.flatMap((row) => [row.primary_keyword, row.secondary_keyword]).filter((field) => field.trim() !== '');
}
