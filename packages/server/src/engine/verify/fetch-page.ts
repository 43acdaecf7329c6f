/**
 * Fetches a published post's public page for backlink verification: redirects followed, one time
 * limit for the whole exchange, at most `maxBytes` read (a page bigger than that is checked on its
 * first part), text decoded by the answer's charset.
 *
 * It reads with undici's `request` rather than the global `fetch` (re-checks come by thousands, and
 * the WHATWG streams and Response objects of fetch made a small page cost several times the CPU:
 * bench/link-health.ts prints both clients), doing what fetch did for a GET: the same request
 * headers, redirects (at most 20), content codings, bad ports and errors.
 */

import { EventEmitter } from 'node:events';
import type { Readable, Transform } from 'node:stream';
import { TextDecoder } from 'node:util';
import { request, type Dispatcher } from 'undici';
import { egressAgent } from '../../platform/egress/egress-dispatcher';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';
import { describeNetworkCode, errorCode } from '../connectors/http';
import { decodersFor, readLimited } from '../connectors/answer-body';

/** Pages are read up to this size (a blog post is far smaller; this stops endless or huge answers). */
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * PDF documents (PDF projects, issue 37 item 4) are read whole up to this size: a PDF's links may
 * sit anywhere in it, so a larger one is not read in part but refused with the reason (judge-page.ts).
 */
export const PDF_MAX_BYTES = 20 * 1024 * 1024;

const USER_AGENT = 'Mozilla/5.0 (compatible; LinkLoom backlink check; +https://github.com/linkloom)';

/** The request headers, as fetch sent them (its accept-language, sec-fetch-mode and accept-encoding beside ours). */
const BASE_HEADERS = {
  'user-agent': USER_AGENT,
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
};
const HEADERS_HTTP = { ...BASE_HEADERS, 'accept-encoding': 'gzip, deflate' };
const HEADERS_HTTPS = { ...BASE_HEADERS, 'accept-encoding': 'br, gzip, deflate' };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Answers without a body: nothing to decode. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
const MAX_REDIRECTS = 20;
/**
 * The Fetch standard's bad ports (SMTP, IRC, ...): fetch never sent a request to them, nor does this,
 * so a post URL cannot make the server speak HTTP to a mail or chat service.
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113,
  115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556,
  563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667,
  6668, 6669, 6679, 6697, 10080,
].map(String));

export interface FetchedPage {
  status: number;
  /** Where the redirects ended: relative links resolve against it. */
  url: string;
  html: string;
  /** The X-Robots-Tag header. */
  robotsHeader: string | null;
  /** The page was cut at the size limit. */
  truncated: boolean;
  /** The answer is a PDF document (its first bytes say `%PDF-`): its bytes as read, `html` then empty. */
  pdf?: Uint8Array;
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
  /** Fetch through this undici dispatcher (a proxy: Use Proxy on the Proxy tab; see ProxyDispatchers). */
  dispatcher?: Dispatcher;
  maxBytes?: number;
}

type ResponseHeaders = Record<string, string | string[] | undefined>;

/** A header's value as fetch's `headers.get` gave it: repeated ones joined by ", ". */
function header(headers: ResponseHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return typeof value === 'string' ? value : value.join(', ');
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

/**
 * Content types a PDF document comes as (servers that do not know it send it as bytes). An answer
 * without a type is read as a page is (up to maxBytes): a PDF among those is judged if it fits.
 */
function mayBePdf(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/pdf' || type === 'application/x-pdf' || type === 'application/octet-stream' || type === 'binary/octet-stream' || type === 'application/force-download';
}

/** `%PDF-` within the first KB, where the standard lets a PDF's header sit. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024 + 5)).includes('%PDF-', 0, 'latin1');
}

/** Reads the page of a final (not followed) answer. */
async function readPage(statusCode: number, url: URL, headers: ResponseHeaders, body: Readable, maxBytes: number): Promise<FetchedPage> {
  let decoders: Transform[];
  try {
    decoders = NULL_BODY_STATUSES.has(statusCode) ? [] : decodersFor(header(headers, 'content-encoding'));
  } catch (error) {
    body.destroy();
    throw error;
  }
  const contentType = header(headers, 'content-type');
  // A PDF is read whole, up to its own limit; what turns out not to be one is judged as a page of maxBytes.
  const pdfLimit = mayBePdf(contentType) ? Math.max(maxBytes, PDF_MAX_BYTES) : maxBytes;
  const read = await readLimited(body, decoders, pdfLimit);
  const pageUrl = url.hash ? url.href.slice(0, url.href.indexOf('#')) : url.href;
  const robotsHeader = header(headers, 'x-robots-tag');
  if (looksLikePdf(read.bytes)) return { status: statusCode, url: pageUrl, html: '', robotsHeader, truncated: read.truncated, pdf: read.bytes };
  const cut = read.bytes.byteLength > maxBytes;
  const bytes = cut ? read.bytes.subarray(0, maxBytes) : read.bytes;
  return {
    status: statusCode,
    url: pageUrl,
    html: decoderFor(charsetOf(contentType)).decode(bytes),
    robotsHeader,
    truncated: read.truncated || cut,
  };
}

/** Where a redirect answer sends the request next; null when it names no Location (then it is the answer). */
function redirectTarget(statusCode: number, headers: ResponseHeaders, current: URL): URL | null {
  if (!REDIRECT_STATUSES.has(statusCode)) return null;
  const location = header(headers, 'location');
  if (location === null) return null;
  const next = new URL(location, current);
  if (!next.hash) next.hash = current.hash;
  return next;
}

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** GETs the page; throws {@link PageFetchError} when no answer came, or the signal's reason when aborted. */
export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  if (options.signal?.aborted) throw options.signal.reason;
  // One timer and one abort event for the whole exchange, both let go when the page is read. undici
  // takes an EventEmitter as a request's signal: far cheaper than an AbortController and its
  // AbortSignal's listeners, one a page (re-checks come by thousands).
  const aborter = new EventEmitter();
  let stopped: 'timeout' | 'caller' | undefined;
  // Settles the wait for an answer when the exchange is stopped, even where undici does not hear the
  // signal: a proxy's CONNECT runs on a client of its own (connectors/proxy-dispatcher.ts).
  let giveUp: (reason: Error) => void = () => undefined;
  const givenUp = new Promise<never>((_resolve, reject) => {
    giveUp = reject;
  });
  givenUp.catch(() => undefined);
  const abort = (why: 'timeout' | 'caller') => {
    if (stopped) return;
    stopped = why;
    aborter.emit('abort');
    giveUp(new Error('aborted'));
  };
  const timer = setTimeout(abort, options.timeoutMs, 'timeout');
  const stop = () => abort('caller');
  options.signal?.addEventListener('abort', stop, { once: true });
  // The bodies of the redirect answers followed: read to the end in the background (the connection
  // stays for the next request), or dropped with their connection when the page is done before.
  const redirectBodies: Readable[] = [];
  try {
    // fetch's network errors, with its words: the causes the message names.
    let current = new URL(url);
    if (!isHttp(current)) throw new Error('unknown scheme');
    for (let redirects = 0; ; redirects += 1) {
      // Stopped while a redirect was handled: the next request is not sent.
      if (stopped) throw new Error('aborted');
      if (BAD_PORTS.has(current.port)) throw new Error('bad port');
      const asked = request(current, {
        method: 'GET',
        headers: current.protocol === 'https:' ? HEADERS_HTTPS : HEADERS_HTTP,
        signal: aborter,
        // Every hop's connection goes through the outbound policy (a proxy's dispatcher is built on it too).
        dispatcher: options.dispatcher ?? egressAgent(),
      });
      const answer = await Promise.race([asked, givenUp]).catch((error: unknown) => {
        // An answer that still comes after the exchange was given up is closed, not left open.
        asked.then((late) => late.body.destroy(), () => undefined);
        throw error;
      });
      let next: URL | null;
      try {
        next = redirectTarget(answer.statusCode, answer.headers, current);
      } catch (error) {
        answer.body.destroy();
        throw error;
      }
      if (!next) return await readPage(answer.statusCode, current, answer.headers, answer.body, options.maxBytes ?? PAGE_MAX_BYTES);
      redirectBodies.push(answer.body);
      answer.body.dump().catch(() => undefined);
      if (!isHttp(next)) throw new Error('URL scheme must be a HTTP(S) scheme');
      if (redirects === MAX_REDIRECTS) throw new Error('redirect count exceeded');
      current = next;
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (stopped === 'timeout') {
      throw new PageFetchError('timeout', `The page did not answer within ${Math.round(options.timeoutMs / 100) / 10} s`, { cause: error });
    }
    throw new PageFetchError('network', `The page could not be fetched: ${fetchFailureReason(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
    for (const body of redirectBodies) if (!body.closed) body.destroy();
  }
}

/**
 * Why a page could not be fetched: the outbound policy's refusal, else the transport error's own
 * message (Node's, undici's or our proxy code's words: a code and the address asked for, never bytes
 * the remote end sent), kept short.
 */
function fetchFailureReason(error: unknown): string {
  const refusal = findOutboundRefusal(error);
  if (refusal) return refusal.message;
  const message = error instanceof Error ? error.message : '';
  return message ? message.slice(0, 200) : describeNetworkCode(errorCode(error));
}
