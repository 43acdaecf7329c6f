import type { AppContext } from '../../app-context';
import { presentLinkSetRow } from './link-items.presenter';
import type { LinkSetKeywordRow } from './link-items.repository';

/**
 * After a write to a link set's links has committed: the set's screen hears the change on
 * url_list/{id}, and the campaign screen's Backlinks tab gets the new count (urlListEdited).
 */
export function publishLinksChanged(
  ctx: AppContext, ownerId: number, linkSet: LinkSetKeywordRow, count: number,
  change: { name: 'linksAdded'; added: number } | { name: 'linksDeleted'; ids: number[] },
): void {
  const topic = `url_list/${linkSet.id}` as const;
  if (change.name === 'linksAdded') ctx.live?.publish(ownerId, topic, 'linksAdded', { urlListId: linkSet.id, added: change.added, count });
  else ctx.live?.publish(ownerId, topic, 'linksDeleted', { urlListId: linkSet.id, ids: change.ids, count });
  ctx.live?.publish(ownerId, `campaign/${linkSet.campaign_id}`, 'urlListEdited', presentLinkSetRow(linkSet, count));
}
