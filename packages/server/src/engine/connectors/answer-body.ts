/**
 * Reading an HTTP answer's body as fetch did, with a limit: the decompressing streams of its
 * Content-Encoding (lenient, as curl and fetch are: an answer cut short still gives what came) and a
 * read of the decoded bytes that stops at a size. Shared by the connectors' exchanges
 * (connectors/http.ts) and the backlink checks' page reads (verify/fetch-page.ts).
 */
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw, type Inflate, type InflateRaw } from 'node:zlib';

/** More content codings than this on one answer are refused (fetch's guard against decoding bombs). */
const MAX_CODINGS = 5;

/** Lenient decompression (curl's and fetch's way): an answer cut short still gives what came. */
const ZLIB_OPTIONS = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const BROTLI_OPTIONS = { flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH };

/** `deflate` as fetch reads it: a zlib stream, or raw deflate when the first byte is no zlib header (some servers send that). */
class InflateEither extends Transform {
  private inner: Inflate | InflateRaw | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.inner) {
      if (chunk.byteLength === 0) return callback();
      this.inner = (chunk[0]! & 0x0f) === 0x08 ? createInflate(ZLIB_OPTIONS) : createInflateRaw(ZLIB_OPTIONS);
      this.inner.on('data', (data: Buffer) => this.push(data));
      this.inner.on('error', (error) => this.destroy(error));
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.inner) return callback();
    this.inner.once('end', () => callback());
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }
}

/**
 * The decompressing streams for a Content-Encoding, last coding first; none when one of them is not
 * known (identity included: the bytes are read as they came, as fetch did).
 */
export function decodersFor(contentEncoding: string | null): Transform[] {
  if (!contentEncoding) return [];
  const codings = contentEncoding.toLowerCase().split(',').map((coding) => coding.trim()).reverse();
  if (codings.length > MAX_CODINGS) throw new Error(`too many content-encodings in response: ${codings.length}, maximum allowed is ${MAX_CODINGS}`);
  if (!codings.every((coding) => coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate' || coding === 'br')) return [];
  return codings.map((coding) => {
    if (coding === 'br') return createBrotliDecompress(BROTLI_OPTIONS);
    return coding === 'deflate' ? new InflateEither() : createGunzip(ZLIB_OPTIONS);
  });
}

/**
 * Reads the (decoded) body up to `maxBytes`; a bigger one is cut there and the rest dropped with the
 * connection. The body is always consumed or destroyed when this settles.
 */
export function readLimited(body: Readable, decoders: Transform[], maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error | null | undefined) => {
      if (settled || !error) return;
      settled = true;
      reject(error);
    };
    // The decoded bytes come out of the last decoder; an error anywhere along the way fails the read.
    const source: Readable = decoders.at(-1) ?? body;
    if (decoders.length === 0) body.on('error', fail);
    else pipeline([body, ...decoders], fail);
    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - size;
      if (chunk.byteLength > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size += room;
        settled = true;
        // Stop reading the rest: the body (and the decoders with it) is destroyed, its connection dropped.
        body.destroy();
        source.destroy();
        resolve({ bytes: Buffer.concat(chunks, size), truncated: true });
        return;
      }
      chunks.push(chunk);
      size += chunk.byteLength;
    });
    source.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), truncated: false });
    });
  });
}
