import { splitLines, type LinkImportResult, type UrlItem, type UrlItemInput } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { NotFoundError } from '../../platform/http/errors';
import { LinkBatchWriter } from './link-batch-writer';
import { insertLinks } from './insert-links';
import { publishLinksChanged } from './link-items.live';
import { presentLink } from './link-items.presenter';
import { countLinks, findLinkSetWithCampaign } from './link-items.repository';

/** The user's link set with its campaign's name; 404 when it is not theirs. */
export async function ownedLinkSet(ctx: AppContext, ownerId: number, urlListId: number) {
  const linkSet = await findLinkSetWithCampaign(ctx.database.db, ownerId, urlListId);
  if (!linkSet) throw new NotFoundError();
  return linkSet;
}

/** Adds one link to the user's link set and tells both live topics. */
export async function addLink(ctx: AppContext, ownerId: number, urlListId: number, input: UrlItemInput): Promise<UrlItem> {
  const { db, dialect } = ctx.database;
  const linkSet = await ownedLinkSet(ctx, ownerId, urlListId);
  const now = Date.now();
  const row = await db.insertInto('url_items')
    .values({ owner_id: ownerId, created_at: now, url_list_id: urlListId, url: input.url, anchor: input.anchor, links_on_page: input.linksOnPage ?? null, date_added: now })
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error('the inserted link was not found');
  await publishLinksChanged(ctx, ownerId, linkSet, await countLinks(db, dialect, urlListId), { name: 'linksAdded', added: 1 });
  return presentLink(row);
}

/** Adds the valid lines of a batch text in one transaction; refused lines come back numbered. */
export async function addLinkBatch(ctx: AppContext, ownerId: number, urlListId: number, text: string): Promise<LinkImportResult> {
  const { db, dialect } = ctx.database;
  const linkSet = await ownedLinkSet(ctx, ownerId, urlListId);
  const result = await db.transaction().execute(async (trx) => {
    const target = { ownerId, urlListId, dateAdded: Date.now() };
    const writer = new LinkBatchWriter((links) => insertLinks(trx, dialect, target, links));
    const lines = splitLines(text);
    for (let index = 0; index < lines.length; index += 1) await writer.line(index + 1, lines[index]!);
    return writer.finish();
  });
  if (result.added > 0) await publishLinksChanged(ctx, ownerId, linkSet, await countLinks(db, dialect, urlListId), { name: 'linksAdded', added: result.added });
  return result;
}
