import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Utf8TextCheck } from '../../platform/files/text-check';

export interface SpooledText {
  file: string;
  bytes: number;
  /** False when the bytes hold a NUL or are not UTF-8: a binary file, whatever its name says. */
  isText: boolean;
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
  const textCheck = new Utf8TextCheck();
  let bytes = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      textCheck.push(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, check, fs.createWriteStream(file));
  } catch (err) {
    await remove();
    throw err;
  }
  return { file, bytes, isText: textCheck.end(), remove };
}
