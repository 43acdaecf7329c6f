import type { Kysely, Selectable } from 'kysely';
import type { DroppedTargets } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import type { LinkCheckHistoryTable } from '../link-sets/link-sets.tables';
import { readAtRiskPosts } from './at-risk-posts.repository';

type Db = Kysely<DB>;

export type LinkCheckRow = Pick<Selectable<LinkCheckHistoryTable>, 'id' | 'checked_at' | 'status' | 'http_status' | 'anchor_found' | 'reason'>;

/** The user's link with its next scheduled check; undefined for another user's id or a missing one. */
export async function findOwnedLink(db: Db, ownerId: number, urlItemId: number): Promise<{ id: number; next_check_at: number | null } | undefined> {
  return db.selectFrom('url_items').select(['id', 'next_check_at']).where('id', '=', urlItemId).where('owner_id', '=', ownerId).executeTakeFirst();
}

/**
 * Every check of a link, newest first (link_check_history_item_idx): one row per check of one link,
 * so the whole history is read (issue 38: no list is silently cut; it was cut at 500 without saying).
 */
export async function listLinkChecks(db: Db, ownerId: number, urlItemId: number): Promise<LinkCheckRow[]> {
  return db.selectFrom('link_check_history').select(['id', 'checked_at', 'status', 'http_status', 'anchor_found', 'reason'])
    .where('url_item_id', '=', urlItemId).where('owner_id', '=', ownerId)
    .orderBy('checked_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Tier health's dropped targets of a campaign in one grouped read of output_link_summary (migration
 * 0035): the posts the engine published into the campaign's link sets that the tier-health rules
 * found dead, by reason, and the lower-tier posts still linking to them (at risk).
 */
export async function readDroppedTargets(db: Db, ownerId: number, campaignId: number): Promise<DroppedTargets> {
  const setIds = (await db.selectFrom('url_lists').select('id').where('campaign_id', '=', campaignId).where('owner_id', '=', ownerId).execute()).map((row) => row.id);
  if (setIds.length === 0) return { dropped: 0, missing: 0, gone: 0, atRisk: 0 };
  const rows = await db.selectFrom('output_link_summary')
    .select((eb) => ['dead_reason', eb.fn.sum<number | string>('n').as('n')])
    .where('url_list_id', 'in', setIds)
    .where('owner_id', '=', ownerId).where('dead_reason', '<>', '')
    .groupBy('dead_reason').execute();
  const targets: DroppedTargets = { dropped: 0, missing: 0, gone: 0, atRisk: 0 };
  if (rows.length > 0) for (const n of (await readAtRiskPosts(db, ownerId, setIds)).values()) targets.atRisk += n;
  for (const row of rows) {
    const n = Number(row.n);
    targets.dropped += n;
    if (row.dead_reason === 'GONE') targets.gone += n;
    else targets.missing += n;
  }
  return targets;
}
