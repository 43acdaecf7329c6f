/**
 * The HTTP exchange of the spinner and article-source clients: one form or query request with a
 * time limit for the whole of it; no answer becomes a `timeout` or `network` error, and an HTTP
 * status its general meaning when the service's documentation says nothing more specific.
 */
import { ContentServiceError, excerpt } from './content-service-error';

/**
 * Tests only: every client sends to this origin instead of the service's own, the service's host
 * name first in the path (`/thebestspinner.com/api.php`; Article Builder has the same path on its
 * own host), so one local stand-in that follows each documentation answers them all.
 */
export const CONTENT_SERVICES_OVERRIDE_ENV = 'CONTENT_SERVICES_BASE_URL_OVERRIDE';

export const DEFAULT_TIMEOUT_MS = 150_000;

/** The documented endpoint, or its host, path and query on the test override's origin. */
export function contentEndpoint(documented: string, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[CONTENT_SERVICES_OVERRIDE_ENV]?.trim();
  if (!override) return documented;
  const url = new URL(documented);
  return `${override.replace(/\/+$/, '')}/${url.hostname}${url.pathname}${url.search}`;
}

export interface ContentCallOptions {
  /** Limit for each HTTP request. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ContentAnswer {
  status: number;
  body: string;
}

/** POSTs `fields` as an HTML form (what these services document) or GETs `url`; answers status and text. */
export async function contentExchange(serviceName: string, url: string, fields: Record<string, string> | null, options: ContentCallOptions = {}): Promise<ContentAnswer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const response = await fetch(url, fields === null
      ? { method: 'GET', signal, headers: { 'user-agent': 'LinkLoom/0.1' } }
      : { method: 'POST', signal, headers: { 'user-agent': 'LinkLoom/0.1', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const answer = { status: response.status, body: await response.text() };
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw statusError(serviceName, answer);
  } catch (error) {
    if (error instanceof ContentServiceError) throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new ContentServiceError('timeout', `${serviceName} did not answer within ${Math.round(timeoutMs / 100) / 10} s`, { cause: error });
    }
    throw new ContentServiceError('network', `Could not reach ${serviceName}: check the machine's internet connection`, { cause: error });
  }
}

/** What an HTTP error status means when the documentation says nothing more specific. */
function statusError(serviceName: string, answer: ContentAnswer): ContentServiceError {
  const words = excerpt(answer.body);
  const detail = words === '' ? '' : `: ${words}`;
  if (answer.status === 401 || answer.status === 403) return new ContentServiceError('auth', `${serviceName} refused the credentials (${answer.status}${detail})`);
  if (answer.status === 402 || answer.status === 429) return new ContentServiceError('quota', `${serviceName} has no credits or requests left (${answer.status}${detail})`);
  if (answer.status >= 500) return new ContentServiceError('unavailable', `${serviceName} is not available (${answer.status}${detail})`);
  return new ContentServiceError('rejected', `${serviceName} refused the request (${answer.status}${detail})`);
}

/** The answer as a JSON object, or a `rejected` error naming the service. */
export function jsonObject(serviceName: string, answer: ContentAnswer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(answer.body);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new ContentServiceError('rejected', `${serviceName} answered without the documented JSON (${excerpt(answer.body) || 'empty answer'})`);
}
