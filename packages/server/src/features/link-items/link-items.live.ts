import type { AppContext } from '../../app-context';
import { presentLinkSetRow } from './link-items.presenter';
import { countVerifiedLinks, linkTotals, type LinkSetKeywordRow } from './link-items.repository';

/**
 * After a write to a link set's links has committed: the set's screen hears the change on
 * url_list/{id}, and the campaign screen's Backlinks tab gets the new totals (urlListEdited). Never
 * rejects (live messages are best effort), so callers may also leave it running.
 */
export async function publishLinksChanged(
  ctx: AppContext, ownerId: number, linkSet: LinkSetKeywordRow, count: number,
  change: { name: 'linksAdded'; added: number } | { name: 'linksDeleted'; ids: number[] },
): Promise<void> {
  const topic = `url_list/${linkSet.id}` as const;
  if (change.name === 'linksAdded') ctx.live?.publish(ownerId, topic, 'linksAdded', { urlListId: linkSet.id, added: change.added, count });
  else ctx.live?.publish(ownerId, topic, 'linksDeleted', { urlListId: linkSet.id, ids: change.ids, count });
  const live = ctx.live;
  if (!live) return;
  const verified = await countVerifiedLinks(ctx.database.db, linkSet.id).catch(() => undefined);
  if (verified !== undefined) live.publish(ownerId, `campaign/${linkSet.campaign_id}`, 'urlListEdited', presentLinkSetRow(linkSet, { count, verified }));
}

/** How far a file import into a link set is (its screen shows a progress bar); best effort. */
export function publishImportProgress(
  ctx: AppContext, ownerId: number, urlListId: number, progress: { readBytes: number; totalBytes: number; added: number; done: boolean },
): void {
  ctx.live?.publish(ownerId, `url_list/${urlListId}`, 'importProgress', { urlListId, ...progress });
}

/**
 * After backlink checks of some links of a link set have been stored (engine/verify): the set's
 * screen refreshes those rows (linksChecked), the Backlinks tab its verified total (urlListEdited).
 */
export async function publishLinksChecked(ctx: AppContext, ownerId: number, linkSet: LinkSetKeywordRow, ids: number[]): Promise<void> {
  if (!ctx.live) return;
  const totals = await linkTotals(ctx.database.db, ctx.database.dialect, linkSet.id);
  ctx.live.publish(ownerId, `url_list/${linkSet.id}`, 'linksChecked', { urlListId: linkSet.id, ids, verified: totals.verified });
  ctx.live.publish(ownerId, `campaign/${linkSet.campaign_id}`, 'urlListEdited', presentLinkSetRow(linkSet, totals));
}
