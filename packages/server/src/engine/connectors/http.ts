import { PublishError, type PublishOptions } from './connector';
import type { ProxyDispatchers } from './proxy-dispatcher';
import { egressFetch } from '../../platform/egress/egress-dispatcher';
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

/**
 * One HTTP exchange with a time limit for the whole of it (connect, send, read). Failures without
 * an answer become PublishError `timeout` / `network` (with `outcomeUnknown` unless the request
 * provably never left); an abort through `ctx.signal` rejects with the signal's reason.
 */
export async function httpExchange(request: HttpRequest, ctx: HttpContext): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout;
  try {
    // Through the outbound policy: the site's address (and every redirect hop) must be one it allows.
    const response = await egressFetch(request.url, {
      method: request.method,
      headers: { 'user-agent': USER_AGENT, ...request.headers },
      body: request.body,
      redirect: 'follow',
      signal,
      ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    throw toTransportError(error, ctx);
  }
}

function toTransportError(error: unknown, ctx: HttpContext): PublishError {
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
