import {
  LINK_MESSAGES, MAX_REPORTED_LINE_ERRORS, parseBatchLine, splitLines, type BatchLink, type LinkImportResult, type UrlItem, type UrlItemInput,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { NotFoundError } from '../../platform/http/errors';
import { INSERT_BATCH_ROWS, insertLinks } from './insert-links';
import { publishLinksChanged } from './link-items.live';
import { presentLink } from './link-items.presenter';
import { countLinks, findLinkSetWithCampaign, linkKey, linkKeysInSet } from './link-items.repository';

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

/**
 * Adds the valid lines of a batch text in one transaction; refused lines come back numbered. A
 * line whose URL and anchor are already in the set (or earlier in the batch) is refused as a
 * duplicate, so sending the same text twice adds nothing the second time.
 */
export async function addLinkBatch(ctx: AppContext, ownerId: number, urlListId: number, text: string): Promise<LinkImportResult> {
  const { db, dialect } = ctx.database;
  const linkSet = await ownedLinkSet(ctx, ownerId, urlListId);
  const result: LinkImportResult = { added: 0, skipped: 0, errors: [], duplicates: 0 };
  const refuse = (line: number, message: string) => {
    result.skipped += 1;
    if (result.errors.length < MAX_REPORTED_LINE_ERRORS) result.errors.push({ line, message });
  };
  const candidates: { line: number; link: BatchLink }[] = [];
  splitLines(text).forEach((lineText, index) => {
    const parsed = parseBatchLine(lineText);
    if (parsed === null) return;
    if (parsed.ok) candidates.push({ line: index + 1, link: parsed.link });
    else refuse(index + 1, parsed.message);
  });
  await db.transaction().execute(async (trx) => {
    const target = { ownerId, urlListId, dateAdded: Date.now() };
    const seen = new Set<string>();
    for (let start = 0; start < candidates.length; start += INSERT_BATCH_ROWS) {
      const chunk = candidates.slice(start, start + INSERT_BATCH_ROWS);
      const stored = await linkKeysInSet(trx, urlListId, chunk.map((candidate) => candidate.link));
      const fresh: BatchLink[] = [];
      for (const { line, link } of chunk) {
        const key = linkKey(link);
        if (stored.has(key) || seen.has(key)) {
          result.duplicates = (result.duplicates ?? 0) + 1;
          refuse(line, LINK_MESSAGES.duplicate);
        } else {
          seen.add(key);
          fresh.push(link);
        }
      }
      await insertLinks(trx, dialect, target, fresh);
      result.added += fresh.length;
    }
  });
  // Refused lines are listed in line order whatever made them refused.
  result.errors.sort((a, b) => a.line - b.line);
  if (result.added > 0) await publishLinksChanged(ctx, ownerId, linkSet, await countLinks(db, dialect, urlListId), { name: 'linksAdded', added: result.added });
  return result;
}
