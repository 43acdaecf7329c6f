import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface SpooledText {
  file: string;
  bytes: number;
  /** False when the bytes hold a NUL or are not UTF-8: a binary file, whatever its name says. */
  isText: boolean;
  /** True when the upload stopped at the size limit (multipart marks its stream `truncated`). */
  truncated: boolean;
  /** Removes the spool folder. */
  remove(): Promise<void>;
}

/**
 * Copies an upload to a temporary file while checking that it is UTF-8 text, so the import can
 * refuse a binary file or an upload past the size limit (the stream throws 413) before it writes
 * anything, and then read the text twice without holding it in memory.
 */
export async function spoolTextUpload(stream: Readable): Promise<SpooledText> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'linkloom-upload-'));
  const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isText = true;
  let bytes = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (isText) {
        try {
          decoder.decode(chunk, { stream: true });
          if (chunk.includes(0)) isText = false;
        } catch {
          isText = false;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
      } catch {
        isText = false;
      }
      callback();
    },
  });
  try {
    await pipeline(stream, check, fs.createWriteStream(file));
  } catch (err) {
    await remove();
    throw err;
  }
  // @fastify/multipart ends a file stream cut at the size limit quietly and flags it instead.
  const truncated = (stream as Readable & { truncated?: boolean }).truncated === true;
  if (truncated) await remove();
  return { file, bytes, isText, truncated, remove };
}
