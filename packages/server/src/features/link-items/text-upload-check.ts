import { Transform } from 'node:stream';
import { LINK_ITEM_MESSAGES } from '@linkloom/shared';
import { HttpError } from '../../platform/http/errors';

/**
 * Passes an upload through while proving it is UTF-8 text: a NUL byte or a byte sequence that is
 * not UTF-8 (a ZIP, an image, a spreadsheet) fails the stream with 415, so the import's
 * transaction rolls back and nothing of that file is kept.
 */
export function textUploadCheck(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const notText = () => new HttpError(415, LINK_ITEM_MESSAGES.notText);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.includes(0)) return callback(notText());
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return callback(notText());
      }
      return callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
      } catch {
        return callback(notText());
      }
      return callback();
    },
  });
}
