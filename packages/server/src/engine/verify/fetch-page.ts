/**
 * Fetches a published post's public page for backlink verification: redirects followed, one time
 * limit for the whole exchange, at most `maxBytes` read (a page bigger than that is checked on its
 * first part), text decoded by the answer's charset.
 */

import { TextDecoder } from 'node:util';

/** Pages are read up to this size (a blog post is far smaller; this stops endless or huge answers). */
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;

const USER_AGENT = 'Mozilla/5.0 (compatible; LinkLoom backlink check; +https://github.com/linkloom)';

export interface FetchedPage {
  status: number;
  /** Where the redirects ended: relative links resolve against it. */
  url: string;
  html: string;
  /** The X-Robots-Tag header. */
  robotsHeader: string | null;
  /** The page was cut at the size limit. */
  truncated: boolean;
}

export type PageFetchErrorKind = 'timeout' | 'network';

/** The page could not be fetched at all (no HTTP answer). */
export class PageFetchError extends Error {
  constructor(
    readonly kind: PageFetchErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PageFetchError';
  }
}

export interface FetchPageOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Fetch through this dispatcher (a proxy: Use Proxy on the Proxy tab). */
  dispatcher?: NonNullable<RequestInit['dispatcher']>;
  maxBytes?: number;
}

function charsetOf(contentType: string | null): string {
  const match = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '');
  return match?.[1] ?? 'utf-8';
}

/** One decoder per charset label the pages named (a decoder without `stream` keeps no state between pages). */
const DECODERS = new Map<string, TextDecoder>();

function decoderFor(charset: string): TextDecoder {
  const label = charset.toLowerCase();
  let decoder = DECODERS.get(label);
  if (!decoder) {
    try {
      decoder = new TextDecoder(label);
    } catch {
      // An unknown label is read as UTF-8 (and not kept: only real labels, a short list, are).
      return decoderFor('utf-8');
    }
    DECODERS.set(label, decoder);
  }
  return decoder;
}

function decode(bytes: Uint8Array, charset: string): string {
  return decoderFor(charset).decode(bytes);
}

async function readLimited(response: Response, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(), truncated: false };
  // An answer whose length is told and within the limit, not compressed (so the length is what
  // is read), is read whole at once: no chunk list, no copy into one buffer.
  const length = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding');
  if (length !== null && (encoding === null || encoding === 'identity') && /^\d+$/.test(length) && Number(length) <= maxBytes) {
    return { bytes: new Uint8Array(await response.arrayBuffer()), truncated: false };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength >= room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = value.byteLength > room;
      // Stop reading the rest; the connection is dropped.
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** GETs the page; throws {@link PageFetchError} when no answer came, or the signal's reason when aborted. */
export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  // One controller and one timer, both let go when the page is read: AbortSignal.timeout and
  // AbortSignal.any cost each check a lingering timer and signal until collected (re-checks come by thousands).
  const controller = new AbortController();
  const { signal } = controller;
  const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), options.timeoutMs);
  const stop = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) stop();
  else options.signal?.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(url, {
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      redirect: 'follow',
      signal,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    const { bytes, truncated } = await readLimited(response, options.maxBytes ?? PAGE_MAX_BYTES);
    return {
      status: response.status,
      url: response.url || url,
      html: decode(bytes, charsetOf(response.headers.get('content-type'))),
      robotsHeader: response.headers.get('x-robots-tag'),
      truncated,
    };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new PageFetchError('timeout', `The page did not answer within ${Math.round(options.timeoutMs / 100) / 10} s`, { cause: error });
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new PageFetchError('network', `The page could not be fetched${cause}`, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}
