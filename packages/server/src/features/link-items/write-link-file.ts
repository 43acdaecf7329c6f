import fs from 'node:fs';
// What the link import's worker thread loads stays small (run-link-import.ts): the batch-line rules
// alone rather than the whole shared package, and no Kysely (kysely-link-chunks.ts).
import { NO_LINKS_IN_FILE_MESSAGE, type BatchLink } from '@linkloom/shared/batch-links';
import type { LinkImportResult } from '@linkloom/shared';
import { readLineBatches } from '../../platform/files/lines';
import { HttpError } from '../../platform/http/errors';
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

/** Writes one chunk of links; each transaction it commits also renews the import's heartbeat. */
export type LinkChunkWriter = (links: BatchLink[]) => Promise<void>;

/**
 * Where a file's links go: `write` takes them a chunk at a time and may leave its transaction open
 * for the next chunk (SQLite's import thread does: sqlite-link-chunks.ts); `end` commits what is
 * left once every chunk is written.
 */
export interface LinkChunks {
  write: LinkChunkWriter;
  end(): void | Promise<void>;
}

/**
 * Reads the spooled file line by line and writes its valid lines in short transactions under the
 * job's pending import, reporting progress as it goes: no more than one chunk of links (and one
 * read of the file) is in memory at a time. Runs on the request's thread for small files and on a
 * worker thread with its own connection for large ones (run-link-import.ts). A file without a
 * single link is refused (422); the caller discards what was written then.
 */
export async function writeLinkFile(chunks: LinkChunks, job: LinkFileJob, onProgress: (progress: LinkImportProgress) => void): Promise<LinkImportResult> {
  const writer = new LinkBatchWriter(chunks.write, job.chunkRows);
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
  await chunks.end();
  if (result.added === 0 && result.skipped === 0) throw new HttpError(422, NO_LINKS_IN_FILE_MESSAGE);
  onProgress({ readBytes: job.bytes, totalBytes: job.bytes, added: result.added, done: true });
  return result;
}
