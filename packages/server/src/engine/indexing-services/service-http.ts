/**
 * The HTTP exchange every indexing-service client makes: one request with a time limit for the whole
 * of it, failures without an answer as `timeout` / `network` errors, and the general meaning of the
 * HTTP statuses a service answers with (each client maps its own documented answers first).
 */
import { parseRetryAfter } from '../connectors/http';
import { IndexingServiceError } from './indexing-service';

/**
 * Tests only: every client sends to this origin (with its documented path) instead of the service's,
 * so a local stand-in that follows the documentation answers (like INDEXNOW_ENDPOINT_OVERRIDE).
 */
export const BASE_URL_OVERRIDE_ENV = 'INDEXING_SERVICES_BASE_URL_OVERRIDE';

export const DEFAULT_TIMEOUT_MS = 60_000;

const USER_AGENT = 'LinkLoom/0.1 (+https://github.com/linkloom)';

/** The documented endpoint, or the same path and query on the test override's base URL. */
export function endpointFor(documented: string, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[BASE_URL_OVERRIDE_ENV]?.trim();
  if (!override) return documented;
  const url = new URL(documented);
  return `${override.replace(/\/+$/, '')}${url.pathname}${url.search}`;
}

export interface ServiceRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ServiceAnswer {
  status: number;
  headers: Headers;
  body: string;
}

export interface ExchangeContext {
  /** The service's name for messages. */
  serviceName: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** One request; an abort through `ctx.signal` rejects with the signal's reason. */
export async function serviceExchange(request: ServiceRequest, ctx: ExchangeContext): Promise<ServiceAnswer> {
  const timeoutMs = ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout;
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: { 'user-agent': USER_AGENT, accept: 'application/json, text/plain;q=0.9, */*;q=0.5', ...request.headers },
      body: request.body,
      redirect: 'follow',
      signal,
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new IndexingServiceError('timeout', `${ctx.serviceName} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`, { cause: error });
    }
    throw new IndexingServiceError('network', `Could not reach ${ctx.serviceName} (${networkReason(error)}): check the machine's internet connection.`, { cause: error });
  }
}

function networkReason(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host name';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was dropped';
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return 'network error';
}

/** The answer as JSON, or undefined when it is not JSON. */
export function jsonOf(answer: ServiceAnswer): unknown {
  const text = answer.body.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The service's own words from an answer: `message`, `error` or `msg` of a JSON body, else the text (tags stripped, shortened). */
export function serviceWords(answer: ServiceAnswer): string {
  const json = jsonOf(answer);
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    for (const field of ['message', 'error', 'msg']) {
      const value = (json as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim() !== '') return shorten(value);
    }
  }
  return shorten(answer.body.replace(/<[^>]*>/g, ' '));
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

function detail(answer: ServiceAnswer): string {
  const words = serviceWords(answer);
  return words === '' ? '' : `: ${words}`;
}

function retryAfter(answer: ServiceAnswer): { retryAfterMs?: number } {
  const ms = parseRetryAfter(answer.headers.get('retry-after'));
  return ms === undefined ? {} : { retryAfterMs: ms };
}

/**
 * What an HTTP status means when the service's documentation says nothing more specific: 401/403
 * the key, 402 the credits, 429 slow down, 5xx come back later, anything else a refusal.
 */
export function statusError(serviceName: string, answer: ServiceAnswer): IndexingServiceError {
  const { status } = answer;
  if (status === 401 || status === 403) {
    return new IndexingServiceError('auth',
      `${serviceName} refused the API key (${status}${detail(answer)}): check the ${serviceName} API key on the Options screen, Indexer tab.`, { status });
  }
  if (status === 402) {
    return new IndexingServiceError('quota', `${serviceName} has no credits left for these URLs (402${detail(answer)}): top up your ${serviceName} balance.`, { status });
  }
  if (status === 429) {
    return new IndexingServiceError('rateLimited', `${serviceName} is limiting requests (429 Too Many Requests).`, { status, ...retryAfter(answer) });
  }
  if (status >= 500) {
    return new IndexingServiceError('unavailable', `${serviceName} is not available (${status}${detail(answer)}).`, { status, ...retryAfter(answer) });
  }
  return new IndexingServiceError('rejected', `${serviceName} refused the submission (${status}${detail(answer)}).`, { status });
}
