import type { Readable } from 'node:stream';
import { LINK_ITEM_MESSAGES, type LinkImportResult } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { readLines } from '../../platform/files/lines';
import { HttpError } from '../../platform/http/errors';
import { ownedLinkSet } from './add-links';
import { LinkBatchWriter } from './link-batch-writer';
import { textUploadCheck } from './text-upload-check';
import { publishLinksChanged } from './link-items.live';
import { countLinks } from './link-items.repository';

/**
 * Imports a file of batch lines into the user's link set, streamed: lines are parsed as the bytes
 * arrive and written 500 rows per statement inside ONE transaction, so a million-line file never
 * sits in memory, and a refused file (not text, over the size limit, no links at all) rolls back
 * whole. Valid lines are kept; refused lines are reported with their numbers.
 */
export async function importLinks(
  ctx: AppContext, ownerId: number, urlListId: number,
  open: () => Promise<{ stream: Readable }>,
): Promise<LinkImportResult> {
  const { db, dialect } = ctx.database;
  const linkSet = await ownedLinkSet(ctx, ownerId, urlListId);
  const { stream } = await open();
  const result = await db.transaction().execute(async (trx) => {
    const writer = new LinkBatchWriter(trx, dialect, { ownerId, urlListId, dateAdded: Date.now() });
    const checked = stream.pipe(textUploadCheck());
    // pipe() does not forward errors: the size-limit error of the upload must reach the loop.
    stream.once('error', (err) => checked.destroy(err));
    for await (const [number, text] of readLines(checked)) await writer.line(number, text);
    const done = await writer.finish();
    if (done.added === 0 && done.skipped === 0) throw new HttpError(422, LINK_ITEM_MESSAGES.noLinksInFile);
    return done;
  });
  if (result.added > 0) await publishLinksChanged(ctx, ownerId, linkSet, await countLinks(db, dialect, urlListId), { name: 'linksAdded', added: result.added });
  return result;
}
