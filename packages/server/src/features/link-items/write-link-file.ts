import fs from 'node:fs';
import { LINK_ITEM_MESSAGES, type BatchLink, type LinkImportResult } from '@linkloom/shared';
import type { Database } from '../../platform/db/dialect';
import { readLineBatches } from '../../platform/files/lines';
import { HttpError } from '../../platform/http/errors';
import { PendingImport } from '../../platform/imports/pending-import';
import { insertLinks } from './insert-links';
import { LinkBatchWriter } from './link-batch-writer';

/**
 * Links per transaction of a file import written on the request's thread (a small file): a chunk
 * blocks that thread while SQLite runs it, so it stays a few tens of milliseconds.
 */
export const INLINE_CHUNK_ROWS = 5000;
/** The link set's screen hears how far the import is at most this often. */
const PROGRESS_EVERY_MS = 250;

/** One file import into a link set, as the main thread hands it to whoever writes it. */
export interface LinkFileJob {
  ownerId: number;
  urlListId: number;
  /** The pending import (platform/imports) the rows are written under; its owner finishes or discards it. */
  importId: number;
  /** The spooled upload, checked to be text. */
  path: string;
  bytes: number;
  /** Links per transaction. */
  chunkRows: number;
}

export interface LinkImportProgress {
  readBytes: number;
  totalBytes: number;
  added: number;
  done: boolean;
}

/** Writes one chunk of links, in a transaction of its own that also renews the import's heartbeat. */
export type LinkChunkWriter = (links: BatchLink[]) => Promise<void>;

/** Chunks written through Kysely, on either dialect. */
export function kyselyLinkChunks(database: Database, job: LinkFileJob): LinkChunkWriter {
  const pending = PendingImport.attach(database.db, { id: job.importId, kind: 'links', targetId: job.urlListId });
  const rows = { ownerId: job.ownerId, urlListId: job.urlListId, dateAdded: Date.now(), importId: job.importId };
  return (links) => pending.writeChunk((trx) => insertLinks(trx, database.dialect, rows, links));
}

/**
 * Reads the spooled file line by line and writes its valid lines a chunk per short transaction
 * under the job's pending import, reporting progress as it goes. Runs on the request's thread for
 * small files and on a worker thread with its own connection for large ones (run-link-import.ts).
 * A file without a single link is refused (422); the caller discards what was written then.
 */
export async function writeLinkFile(writeChunk: LinkChunkWriter, job: LinkFileJob, onProgress: (progress: LinkImportProgress) => void): Promise<LinkImportResult> {
  const writer = new LinkBatchWriter(writeChunk, job.chunkRows);
  const stream = fs.createReadStream(job.path, { highWaterMark: 256 * 1024 });
  // The set's screens show the import at once, not a first interval later (a fast import may end before one).
  onProgress({ readBytes: 0, totalBytes: job.bytes, added: 0, done: false });
  let lastReport = Date.now();
  for await (const { firstNumber, lines } of readLineBatches(stream)) {
    await writer.lines(firstNumber, lines);
    if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
      lastReport = Date.now();
      onProgress({ readBytes: stream.bytesRead, totalBytes: job.bytes, added: writer.added, done: false });
    }
  }
  const result = await writer.finish();
  if (result.added === 0 && result.skipped === 0) throw new HttpError(422, LINK_ITEM_MESSAGES.noLinksInFile);
  onProgress({ readBytes: job.bytes, totalBytes: job.bytes, added: result.added, done: true });
  return result;
}
