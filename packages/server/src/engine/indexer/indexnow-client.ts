/**
 * IndexNow client, written from the protocol's public documentation (indexnow.org/documentation):
 * `POST <engine>/indexnow` with `Content-Type: application/json; charset=utf-8` and the body
 * `{host, key, keyLocation, urlList}`; every URL of one request belongs to `host`, at most 10,000 of
 * them. Answers: 200 submitted, 202 received (key validation pending); 400 bad request, 403 key
 * not valid, 422 URLs not of the host or a key outside the schema, 429 too many requests.
 */
import { linkUrlWithScheme } from '@linkloom/shared';
import { parseRetryAfter } from '../connectors/http';

/** The protocol's largest urlList. */
export const INDEXNOW_MAX_URLS = 10_000;
/** Keys are 8 to 128 characters: letters, digits and dashes. */
export const INDEXNOW_KEY_PATTERN = /^[A-Za-z0-9-]{8,128}$/;

export type IndexNowErrorKind = 'badRequest' | 'forbidden' | 'unprocessable' | 'rateLimited' | 'server' | 'timeout' | 'network';

/** A refused or failed submission with a message a user can act on; `retryable` ones are tried again later. */
export class IndexNowError extends Error {
  constructor(
    readonly kind: IndexNowErrorKind,
    message: string,
    readonly details: { status?: number; retryable: boolean; retryAfterMs?: number; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'IndexNowError';
  }

  get retryable(): boolean {
    return this.details.retryable;
  }
}

/** One request's worth of URLs: all of one host (scheme and port included in `origin`). */
export interface IndexNowBatch {
  host: string;
  origin: string;
  urls: string[];
}

/**
 * Groups URLs by host in submission batches of at most `max` URLs, in first-seen order; `www.…`
 * links without a scheme are sent as https; anything else that is not an absolute http(s) URL is
 * counted in `skipped`.
 */
export function batchUrlsByHost(urls: Iterable<string>, max: number = INDEXNOW_MAX_URLS): { batches: IndexNowBatch[]; skipped: number } {
  const open = new Map<string, IndexNowBatch>();
  const batches: IndexNowBatch[] = [];
  let skipped = 0;
  for (const raw of urls) {
    const url = parseHttpUrl(raw);
    if (!url) {
      skipped += 1;
      continue;
    }
    let batch = open.get(url.origin);
    if (!batch || batch.urls.length >= max) {
      batch = { host: url.hostname, origin: url.origin, urls: [] };
      open.set(url.origin, batch);
      batches.push(batch);
    }
    batch.urls.push(url.href);
  }
  return { batches, skipped };
}

function parseHttpUrl(raw: string): URL | null {
  try {
    const url = new URL(linkUrlWithScheme(raw, 'https'));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export interface IndexNowRequestOptions {
  /** The engine's endpoint, e.g. https://api.indexnow.org/indexnow. */
  endpoint: string;
  /** The engine's name for messages. */
  engineName: string;
  key: string;
  /** Where the engine finds the key file for this batch's host (see {@link keyLocationFor}). */
  keyLocation: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Where an engine looks for the key file of a batch: the root of the batch's host, the protocol's
 * default. A key file proves control of the URLs under its own path on its own host only, so the
 * copy LinkLoom serves at /indexnow/{key}.txt is the one the user places there.
 */
export function keyLocationFor(batch: Pick<IndexNowBatch, 'origin'>, key: string): string {
  return `${batch.origin}/${key}.txt`;
}

const USER_AGENT = 'LinkLoom/0.1 (+https://github.com/linkloom) IndexNow';

/** Submits one batch; resolves with the engine's status (200 or 202), throws an {@link IndexNowError} otherwise. */
export async function submitIndexNowBatch(batch: IndexNowBatch, options: IndexNowRequestOptions): Promise<200 | 202> {
  const body = JSON.stringify({ host: batch.host, key: options.key, keyLocation: options.keyLocation, urlList: batch.urls });
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': USER_AGENT },
      body,
      redirect: 'follow',
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new IndexNowError('timeout', `${options.engineName} did not answer within ${Math.round(options.timeoutMs / 100) / 10} s; it will be tried again.`, { retryable: true, cause: error });
    }
    throw new IndexNowError('network', `Could not reach ${options.engineName} at ${options.endpoint}: check the machine's internet connection; it will be tried again.`, { retryable: true, cause: error });
  }
  if (response.status === 200 || response.status === 202) return response.status;
  throw answerError(response.status, response.headers.get('retry-after'), text, batch, options);
}

function snippet(text: string): string {
  const flat = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return flat === '' ? '' : `: ${flat.length > 160 ? `${flat.slice(0, 157)}…` : flat}`;
}

function answerError(status: number, retryAfter: string | null, text: string, batch: IndexNowBatch, options: IndexNowRequestOptions): IndexNowError {
  const engine = options.engineName;
  switch (status) {
    case 400:
      return new IndexNowError('badRequest', `${engine} refused the submission for ${batch.host} as malformed (400 Bad Request${snippet(text)}).`, { status, retryable: false });
    case 403:
      return new IndexNowError('forbidden',
        `${engine} did not accept the IndexNow key for ${batch.host} (403 Forbidden): publish the key file at ${options.keyLocation} (its content is the key) and start the project again.`,
        { status, retryable: false });
    case 422:
      return new IndexNowError('unprocessable',
        `${engine} refused the URLs of ${batch.host} (422 Unprocessable Entity): submitted URLs must belong to the host whose key file is published at ${options.keyLocation}.`,
        { status, retryable: false });
    case 429:
      return new IndexNowError('rateLimited', `${engine} is limiting submissions (429 Too Many Requests); they will be tried again later.`,
        { status, retryable: true, ...retryAfterMs(retryAfter) });
    default:
      return status >= 500
        ? new IndexNowError('server', `${engine} answered ${status}${snippet(text)}; it will be tried again.`, { status, retryable: true, ...retryAfterMs(retryAfter) })
        : new IndexNowError('badRequest', `${engine} answered ${status}${snippet(text)} to the submission for ${batch.host}.`, { status, retryable: false });
  }
}

function retryAfterMs(value: string | null): { retryAfterMs?: number } {
  const ms = parseRetryAfter(value);
  return ms === undefined ? {} : { retryAfterMs: ms };
}
