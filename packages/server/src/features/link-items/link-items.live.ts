import type { AppContext } from '../../app-context';
import { GroupRuns } from '../../platform/runtime/group-runs';
import { presentLinkSetRow } from './link-items.presenter';
import { countVerifiedLinks, findLinkSetWithCampaign, type LinkSetKeywordRow } from './link-items.repository';

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
 * A link set's linksChecked messages are at least this far apart: a burst of re-checks (hundreds a
 * second) is a few messages a second, each counting the set's verified links once.
 */
const LINKS_CHECKED_SPACING_MS = 250;

interface CheckedLinks {
  ownerId: number;
  urlListId: number;
  ids: number[];
}

/** Per app: the linksChecked messages of each link set, grouped while one is being told and until LINKS_CHECKED_SPACING_MS after it. */
const CHECKED = new WeakMap<AppContext, GroupRuns<string, CheckedLinks, void>>();

/**
 * After backlink checks of some links of a link set have been stored (engine/verify): the set's
 * screen refreshes those rows (linksChecked), the Backlinks tab its verified total (urlListEdited).
 * Checks of one set landing while it is being told, or within LINKS_CHECKED_SPACING_MS after, are
 * told together in the next message (ids of all of them, the totals after them): a burst of
 * re-checks is a few messages a second, not one message, one set read and two counts per link; a
 * message reads the set (with its kept link count) and counts its verified links. Never rejects
 * (live messages are best effort).
 */
export async function publishLinksChecked(ctx: AppContext, ownerId: number, urlListId: number, ids: number[]): Promise<void> {
  if (!ctx.live) return;
  let runs = CHECKED.get(ctx);
  if (!runs) {
    runs = new GroupRuns((_key, checked) => tellLinksChecked(ctx, checked), { spacingMs: LINKS_CHECKED_SPACING_MS });
    CHECKED.set(ctx, runs);
  }
  await runs.add(`${ownerId}:${urlListId}`, { ownerId, urlListId, ids }).catch(() => undefined);
}

async function tellLinksChecked(ctx: AppContext, checked: CheckedLinks[]): Promise<void[]> {
  const { ownerId, urlListId } = checked[0]!;
  const live = ctx.live;
  const linkSet = live ? await findLinkSetWithCampaign(ctx.database.db, ownerId, urlListId) : undefined;
  if (live && linkSet) {
    // The set's number of links is its row's link_count (kept by triggers, what countLinks reads):
    // one count per message, the verified one.
    const totals = { count: Number(linkSet.link_count), verified: await countVerifiedLinks(ctx.database.db, linkSet.id) };
    live.publish(ownerId, `url_list/${linkSet.id}`, 'linksChecked', { urlListId: linkSet.id, ids: checked.flatMap((item) => item.ids), verified: totals.verified });
    live.publish(ownerId, `campaign/${linkSet.campaign_id}`, 'urlListEdited', presentLinkSetRow(linkSet, totals));
  }
  return checked.map(() => undefined);
}
