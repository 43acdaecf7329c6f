import { Transform } from 'node:stream';
import { LINK_ITEM_MESSAGES } from '@linkloom/shared';
import { HttpError } from '../../platform/http/errors';
import { Utf8TextCheck } from '../../platform/files/text-check';

/**
 * Passes an upload through while proving it is UTF-8 text: a NUL byte or a byte sequence that is
 * not UTF-8 (a ZIP, an image, a spreadsheet) fails the stream with 415, so the import's
 * transaction rolls back and nothing of that file is kept.
 */
export function textUploadCheck(): Transform {
  const check = new Utf8TextCheck();
  const notText = () => new HttpError(415, LINK_ITEM_MESSAGES.notText);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      return check.push(chunk) ? callback(null, chunk) : callback(notText());
    },
    flush(callback) {
      return check.end() ? callback() : callback(notText());
    },
  });
}
