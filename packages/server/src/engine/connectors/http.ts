import { PublishError, type PublishOptions } from './connector';
import type { ProxyDispatchers } from './proxy-dispatcher';
import { request as undiciRequest, type Dispatcher } from 'undici';
import { egressAgent } from '../../platform/egress/egress-dispatcher';
import { decodersFor, readLimited } from './answer-body';
import { findOutboundRefusal } from '../../platform/egress/outbound-policy';

/** What a connector's HTTP call needs besides the request itself. */
export interface HttpContext {
  timeoutMs: number;
  signal?: AbortSignal;
  /** An undici dispatcher (e.g. a ProxyAgent) passed to fetch. */
  dispatcher?: RequestInit['dispatcher'];
  /** Site address as the user knows it, for messages. */
  siteLabel: string;
}

/** The context of a connector's calls to a site: the options' time limit and abort signal, through their proxy (if any). */
export async function httpContextFor(siteLabel: string, options: Pick<PublishOptions, 'timeoutMs' | 'signal' | 'proxy'>, proxies: ProxyDispatchers): Promise<HttpContext> {
  const dispatcher = options.proxy ? await proxies.get(options.proxy) : undefined;
  return {
    timeoutMs: options.timeoutMs,
    siteLabel,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(dispatcher ? { dispatcher } : {}),
  };
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: string;
}

const USER_AGENT = 'LinkLoom/0.1 (+https://github.com/linkloom)';


/** Error codes that prove the request never reached the site (so it cannot have created anything). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

/** Redirects followed at most, as fetch does. */
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe a body: dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];
/** Headers that carry a credential: never sent on to another origin (fetch drops them too). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * One HTTP exchange with a time limit for the whole of it (connect, send, read). Failures without
 * an answer become PublishError `timeout` / `network` (with `outcomeUnknown` unless the request
 * provably never left); an abort through `ctx.signal` rejects with the signal's reason.
 *
 * It is undici's `request` on the egress dispatcher (or the context's), not fetch: fetch's streams,
 * Request and Response objects spent about half of the CPU of each call (measured against a local
 * DokuWiki: 3.9–4.9 ms a request through fetch, 2.2–2.5 ms through request), and every publish,
 * look-up and check of a connector is a few of them. What fetch did by itself is done here the same
 * way: redirects followed (303, and 301/302 of a POST, become a GET without the body; a credential
 * header is not sent on to another origin), a compressed answer inflated, and a string body sent as
 * text/plain unless the caller says otherwise. Unlike fetch, an answer is read up to
 * MAX_ANSWER_BYTES, as sent and once inflated.
 */
export async function httpExchange(request: HttpRequest, ctx: HttpContext): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout;
  const dispatcher = (ctx.dispatcher as unknown as Dispatcher | undefined) ?? egressAgent();
  let method: string = request.method;
  let body = request.body;
  let headers = lowerCaseHeaders({
    'user-agent': USER_AGENT, accept: '*/*', ...(typeof body === 'string' ? { 'content-type': 'text/plain;charset=UTF-8' } : {}), ...request.headers,
  });
  try {
    // A malformed address fails here, as a network failure that sent nothing (ERR_INVALID_URL).
    let url = new URL(request.url);
    // Every hop through the same dispatcher: the outbound policy (and a site-only guard) checks each.
    for (let hop = 0; ; hop++) {
      const answer = await undiciRequest(url, { method: method as Dispatcher.HttpMethod, headers, body, signal, dispatcher });
      const location = answer.headers.location;
      if (!REDIRECT_STATUSES.has(answer.statusCode) || typeof location !== 'string' || hop >= MAX_REDIRECTS) {
        return { status: answer.statusCode, headers: answerHeaders(answer.headers), body: await bodyText(answer) };
      }
      await answer.body.dump();
      const next = new URL(location, url);
      if (answer.statusCode === 303 || ((answer.statusCode === 301 || answer.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = withoutHeaders(headers, BODY_HEADERS);
      }
      if (next.origin !== url.origin) headers = withoutHeaders(headers, CREDENTIAL_HEADERS);
      url = next;
    }
  } catch (error) {
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    throw toTransportError(error, ctx);
  }
}

function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function withoutHeaders(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

/** The answer's headers as fetch gives them (a Headers, with every Set-Cookie line kept). */
function answerHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

type AnswerBody = Dispatcher.ResponseData['body'];

/**
 * The most an answer may hold, as sent and once inflated: far above any API answer or page a
 * connector reads, and a site (or a compressed bomb) cannot fill the server's memory with one call.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** An answer past MAX_ANSWER_BYTES: its reading was stopped. */
class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
}

const utf8 = new TextDecoder();

/**
 * The answer's text (decoded as fetch's text() does, a byte-order mark dropped), inflated when the
 * site compressed it although none was asked for (answer-body.ts, as the page checks read theirs);
 * AnswerTooLargeError past MAX_ANSWER_BYTES, as sent or once inflated, or when its length says it will be.
 */
async function bodyText(answer: { headers: Record<string, string | string[] | undefined>; body: AnswerBody }): Promise<string> {
  const declaredLength = Number(answer.headers['content-length']);
  if (declaredLength > MAX_ANSWER_BYTES) {
    // Dropped unread: destroying it aborts the request, whose error nobody waits for any more.
    answer.body.on('error', () => undefined).destroy();
    throw new AnswerTooLargeError(`declared ${declaredLength} bytes`);
  }
  const encoding = answer.headers['content-encoding'];
  const { bytes, truncated } = await readLimited(answer.body, decodersFor(typeof encoding === 'string' ? encoding : null), MAX_ANSWER_BYTES);
  if (truncated) throw new AnswerTooLargeError('past the limit, as sent or once inflated');
  return utf8.decode(bytes);
}

function toTransportError(error: unknown, ctx: HttpContext): PublishError {
  if (error instanceof AnswerTooLargeError) {
    // The request was sent and answered: what it did on the site is not known from here.
    return new PublishError('rejected', `${ctx.siteLabel} answered with more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB, which no API answer needs: check that the address is the site's own.`, {
      outcomeUnknown: true, retryable: false, cause: error,
    });
  }
  const refusal = findOutboundRefusal(error);
  // Refused before anything was sent: nothing can exist on the site, and trying again changes nothing.
  if (refusal) return new PublishError('network', `${ctx.siteLabel}: ${refusal.message}.`, { retryable: false, cause: error });
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    const seconds = Math.round(ctx.timeoutMs / 100) / 10;
    return new PublishError('timeout', `${ctx.siteLabel} did not answer within ${seconds} s: the site may be slow or down; it will be tried again.`, {
      outcomeUnknown: true,
      cause: error,
    });
  }
  const code = errorCode(error);
  const reason = describeNetworkCode(code);
  return new PublishError('network', `Could not reach ${ctx.siteLabel} (${reason}): check the site's address and that it is online.`, {
    outcomeUnknown: !code || !NOT_SENT_CODES.has(code),
    cause: error,
  });
}

/** The first `code` along an error's cause chain (undici puts the socket's code in `cause`). */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A network error code in words: `connection refused`, `unknown host name`, `TLS error …`. */
export function describeNetworkCode(code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host name';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was dropped';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ERR_INVALID_URL':
      return 'the address is not a valid URL';
    case undefined:
      return 'network error';
    default:
      return code.startsWith('ERR_TLS') || code.includes('CERT') ? `TLS error ${code}` : code;
  }
}

/** Milliseconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** JSON body, or undefined when the answer is not JSON (e.g. an HTML page where an API was expected). */
export function parseJsonBody(answer: HttpAnswer): unknown {
  const type = answer.headers.get('content-type') ?? '';
  const text = answer.body.trimStart();
  if (!type.includes('json') && !text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `https://example.com/blog/` → `https://example.com/blog`; throws a user-facing error when it is not a URL. */
export function normaliseSiteUrl(siteUrl: string): string {
  const trimmed = siteUrl.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new PublishError('rejected', `"${siteUrl}" is not a site address: use a URL like https://example.com.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PublishError('rejected', `"${siteUrl}" is not an http(s) site address.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
