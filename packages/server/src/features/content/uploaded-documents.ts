import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { SpooledUpload } from '../../platform/files/spool-upload';
import { expansionBudget, looksLikeZip, readZipEntries } from '../../platform/files/zip';
import { HttpError } from '../../platform/http/errors';

/** One text document of an article upload: a plain file, or a file inside one of its ZIPs. */
export interface UploadedDocument {
  /** As the user knows it: `upload.txt` or `archive.zip/folder/post.txt`. */
  label: string;
  /** The name the title may come from (the entry's own name inside a ZIP). */
  name: string;
  /** The ZIP it comes from, named in the errors of reading it (several files travel in one upload). */
  archive: string | undefined;
  /** A plain file already known not to be text (spooled and checked). */
  binary: boolean;
  /** Its bytes, inflated as they are read: read it to the end or leave it before the next one. */
  stream: Readable;
}

/** Names the archive in an error about it: several files may travel in one upload. */
export function inArchive(err: unknown, archive: string | undefined): unknown {
  return err instanceof HttpError && archive !== undefined ? new HttpError(err.statusCode, `${archive}: ${err.message}`) : err;
}

/**
 * Destroys a file's stream and waits until its file is closed. A document nobody read (a binary
 * file is refused by its first bytes) still has its file being opened: destroyed at once and the
 * upload's folder removed, the open failed after the removal with no one listening, an uncaught
 * error that stops the server (seen in CI).
 */
async function closeFile(stream: fs.ReadStream): Promise<void> {
  stream.on('error', () => undefined);
  if (stream.closed) return;
  const done = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  stream.destroy();
  await done;
}

/**
 * The documents of a spooled upload, one at a time, never more than one stream open: each plain
 * file, and each file of each ZIP (by its first bytes or its name). All the ZIPs of the upload
 * share one expansion budget of `maxExpandedBytes`: one upload may not inflate past it in all.
 */
export async function* uploadedDocuments(upload: SpooledUpload, maxExpandedBytes: number): AsyncGenerator<UploadedDocument> {
  const budget = expansionBudget(maxExpandedBytes);
  for (const file of upload.files) {
    if (!looksLikeZip(file.head) && !/\.zip$/i.test(file.filename)) {
      const stream = fs.createReadStream(file.path);
      try {
        yield { label: file.filename, name: file.filename, archive: undefined, binary: !file.isText, stream };
      } finally {
        await closeFile(stream);
      }
      continue;
    }
    try {
      for await (const entry of readZipEntries(file.path, budget)) {
        yield { label: `${file.filename}/${entry.name}`, name: entry.name, archive: file.filename, binary: false, stream: entry.stream };
      }
    } catch (err) {
      throw inArchive(err, file.filename);
    }
  }
}
