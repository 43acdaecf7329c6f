import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@linkloom/shared';
import { HttpError } from '../http/errors';
import { toUploadError } from './upload-errors';
import { Utf8TextCheck } from './text-check';
import { spoolDirPrefix } from './spool-dirs';

/** One file of an upload, copied to disk whole before anything reads it. */
export interface SpooledFile {
  /** The name the browser gave. */
  filename: string;
  mimetype: string;
  /** Where its bytes are (inside the upload's own temporary folder). */
  path: string;
  bytes: number;
  /** False when the bytes hold a NUL or are not UTF-8: a binary file, whatever its name says. */
  isText: boolean;
  /** Its first bytes (up to 8), to tell a ZIP from text. */
  head: Buffer;
}

/** Every file of one request, on disk; remove() deletes them (always call it, in a finally). */
export interface SpooledUpload {
  files: SpooledFile[];
  remove(): Promise<void>;
}

const HEAD_BYTES = 8;

/** Counts the bytes of one file against the whole request's budget and checks they are text. */
function meter(budget: { left: number }, tooLarge: () => HttpError) {
  const text = new Utf8TextCheck();
  let bytes = 0;
  let head = Buffer.alloc(0);
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0) return callback(tooLarge());
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      text.push(chunk);
      return callback(null, chunk);
    },
  });
  return { transform, result: () => ({ bytes, head, isText: text.end() }) };
}

/**
 * Receives a multipart upload (field `file`, once or repeated) and copies every file to a temporary
 * folder before any import reads it, so an import never waits on the network and never holds the
 * database while a slow client sends its bytes. The whole request is bounded by the upload limit
 * (413 past it). The multipart body is read to its closing boundary: a body cut short or whose
 * boundary does not match answers 400, never a half file taken for a whole one. 400 when no file
 * came; 406 when the request is not multipart.
 */
export async function spoolUpload(request: FastifyRequest): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw new HttpError(406, 'Send the file as multipart/form-data in the field "file"');
  const limitMb = request.server.uploadLimitMb;
  const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge(limitMb));
  // Named after this process, so a start after a crash can sweep what it left (spool-dirs.ts).
  const dir = await fs.promises.mkdtemp(spoolDirPrefix());
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  const budget = { left: limitMb * 1024 * 1024 };
  const files: SpooledFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const file = path.join(dir, String(files.length));
      const metered = meter(budget, tooLarge);
      const stream = part.file as Readable & { truncated?: boolean };
      await pipeline(stream, metered.transform, fs.createWriteStream(file));
      // busboy stops a file at the per-file limit by ending it early, flagged as truncated.
      if (stream.truncated === true) throw tooLarge();
      files.push({ filename: part.filename, mimetype: part.mimetype, path: file, ...metered.result() });
    }
    if (files.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
    return { files, remove };
  } catch (err) {
    await remove();
    throw toUploadError(err, limitMb);
  }
}
