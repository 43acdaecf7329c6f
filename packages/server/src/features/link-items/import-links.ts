import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { LINK_ITEM_MESSAGES, type LinkImportResult } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { readLines } from '../../platform/files/lines';
import { spoolUpload, type SpooledFile } from '../../platform/files/spool-upload';
import { HttpError } from '../../platform/http/errors';
import { PendingImport } from '../../platform/imports/pending-import';
import { ownedLinkSet } from './add-links';
import { insertLinks } from './insert-links';
import { LinkBatchWriter } from './link-batch-writer';
import { publishImportProgress, publishLinksChanged } from './link-items.live';
import { countLinks } from './link-items.repository';

/**
 * Links per transaction of a file import: large enough that commits cost little next to the rows,
 * small enough (a few milliseconds on SQLite) that other users' requests run between chunks.
 */
export const IMPORT_CHUNK_ROWS = 2000;
/** The link set's screen hears how far the import is at most this often. */
const PROGRESS_EVERY_MS = 250;

/** Writes the spooled file's valid lines in short transactions under one import; reports as it goes. */
async function writeLinkFile(ctx: AppContext, target: { ownerId: number; urlListId: number }, file: SpooledFile): Promise<LinkImportResult> {
  const { db, dialect } = ctx.database;
  const pending = await PendingImport.begin(db, { ownerId: target.ownerId, kind: 'links', targetId: target.urlListId });
  return pending.run(async () => {
    const rows = { ...target, dateAdded: Date.now(), importId: pending.id };
    const writer = new LinkBatchWriter((links) => pending.writeChunk((trx) => insertLinks(trx, dialect, rows, links)), IMPORT_CHUNK_ROWS);
    const stream = fs.createReadStream(file.path, { highWaterMark: 256 * 1024 });
    const progress = (done: boolean) => publishImportProgress(ctx, target.ownerId, target.urlListId, {
      readBytes: done ? file.bytes : stream.bytesRead, totalBytes: file.bytes, added: writer.added, done,
    });
    let lastReport = Date.now();
    for await (const [number, text] of readLines(stream)) {
      await writer.line(number, text);
      if (number % 1000 === 0 && Date.now() - lastReport >= PROGRESS_EVERY_MS) {
        lastReport = Date.now();
        progress(false);
      }
    }
    const result = await writer.finish();
    if (result.added === 0 && result.skipped === 0) throw new HttpError(422, LINK_ITEM_MESSAGES.noLinksInFile);
    progress(true);
    return result;
  });
}

/**
 * Imports a file of batch lines into the user's link set. The upload is spooled to disk first
 * (bounded by the upload limit) and checked to be text, so nothing waits on the client while the
 * database is written; the lines are then written a chunk per short transaction under one pending
 * import (platform/imports), so a million-line file neither sits in memory nor holds the database,
 * and the set ends up with every valid line of the file or, when the import fails or the server
 * dies, none of it. Refused lines are reported with their numbers.
 */
export async function importLinks(ctx: AppContext, ownerId: number, urlListId: number, request: FastifyRequest): Promise<LinkImportResult> {
  const { db, dialect } = ctx.database;
  const linkSet = await ownedLinkSet(ctx, ownerId, urlListId);
  const upload = await spoolUpload(request);
  let result: LinkImportResult;
  try {
    const file = upload.files[0]!;
    if (!file.isText) throw new HttpError(415, LINK_ITEM_MESSAGES.notText);
    result = await writeLinkFile(ctx, { ownerId, urlListId }, file);
  } finally {
    await upload.remove();
  }
  if (result.added > 0) await publishLinksChanged(ctx, ownerId, linkSet, await countLinks(db, dialect, urlListId), { name: 'linksAdded', added: result.added });
  return result;
}
