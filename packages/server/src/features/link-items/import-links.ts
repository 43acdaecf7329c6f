import type { FastifyRequest } from 'fastify';
import { LINK_ITEM_MESSAGES, type LinkImportResult } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { spoolUpload } from '../../platform/files/spool-upload';
import { HttpError } from '../../platform/http/errors';
import { PendingImport } from '../../platform/imports/pending-import';
import { ownedLinkSet } from './add-links';
import { publishImportProgress, publishLinksChanged } from './link-items.live';
import { countLinks } from './link-items.repository';
import { LinkImportThread, runLinkImport, wantsImportThread } from './run-link-import';

/**
 * Imports a file of batch lines into the user's link set. The upload is spooled to disk first
 * (bounded by the upload limit) and checked to be text, so nothing waits on the client while the
 * database is written; the lines are then written a chunk per short transaction under one pending
 * import (platform/imports) — a large file on a worker thread — so a million-line file neither sits
 * in memory nor holds the database, and the set ends up with every valid line of the file or, when
 * the import fails or the server dies, none of it. Refused lines are reported with their numbers;
 * the set's screen hears the progress (importProgress on url_list/{id}: from the first line on, and
 * done when it ends, whole or failed).
 */
export async function importLinks(ctx: AppContext, ownerId: number, urlListId: number, request: FastifyRequest): Promise<LinkImportResult> {
  const { db, dialect } = ctx.database;
  const linkSet = await ownedLinkSet(ctx, ownerId, urlListId);
  // A large upload's thread loads while the file arrives.
  let thread = wantsImportThread(Number(request.headers['content-length'] ?? 0)) ? new LinkImportThread(ctx) : undefined;
  let result: LinkImportResult;
  try {
    const upload = await spoolUpload(request);
    try {
      const file = upload.files[0]!;
      if (!file.isText) throw new HttpError(415, LINK_ITEM_MESSAGES.notText);
      const pending = await PendingImport.begin(db, { ownerId, kind: 'links', targetId: urlListId });
      const early = thread;
      thread = undefined;
      let told = false;
      try {
        result = await pending.run(() => runLinkImport(
          ctx, { ownerId, urlListId, importId: pending.id, path: file.path, bytes: file.bytes },
          (progress) => {
            told = true;
            publishImportProgress(ctx, ownerId, urlListId, progress);
          },
          early,
        ));
      } catch (error) {
        // A failed import keeps nothing of the file: the progress its screens show ends with it.
        if (told) publishImportProgress(ctx, ownerId, urlListId, { readBytes: file.bytes, totalBytes: file.bytes, added: 0, done: true });
        throw error;
      }
    } finally {
      await upload.remove();
    }
  } finally {
    await thread?.stop();
  }
  if (result.added > 0) await publishLinksChanged(ctx, ownerId, linkSet, await countLinks(db, dialect, urlListId), { name: 'linksAdded', added: result.added });
  return result;
}
