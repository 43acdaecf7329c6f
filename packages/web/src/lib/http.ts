import type { z } from 'zod';
import { ERROR_TOAST_SECONDS, XSRF_COOKIE, XSRF_HEADER, changesState } from '@linkloom/shared';
import { appFeedback } from './app-feedback';
import { readCookie } from './cookies';
import { takeEarlyGet } from './early-get';
import { HttpError, describeHttpFailure, type HttpFailure } from './http-error';
import { expireSession } from './session-store';

/** Options every helper takes. */
export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  /** Sent as JSON. */
  body?: unknown;
  /** Validates (and types) the JSON answer; a mismatch is a failure like any other. */
  schema?: S;
  /** The caller handles every failure itself: no notification and no 401 redirect (login, setup). */
  silent?: boolean;
  /** A screen's own object: a 404 shows the not-found page instead of a notification. */
  notFoundPage?: boolean;
  /** What failed, in the user's words, as the notification's title ('Failed to load wizards'); the server's reason follows. */
  failure?: string;
  signal?: AbortSignal;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let tokenRequest: Promise<void> | null = null;

/** On a first visit there is no XSRF cookie yet: any answer of the server sets it. */
async function ensureXsrfCookie(): Promise<void> {
  if (readCookie(XSRF_COOKIE) !== null) return;
  tokenRequest ??= fetch('/public/api/app-info', { credentials: 'same-origin' })
    .then(() => undefined, () => undefined)
    .finally(() => {
      tokenRequest = null;
    });
  await tokenRequest;
}

/**
 * Headers that prove the call comes from this app: the XSRF token (fetched first when a
 * state-changing call has none yet). Shared by JSON calls, downloads and uploads.
 */
export async function xsrfHeaders(method: string, url: string): Promise<Record<string, string>> {
  if (changesState(method, url)) await ensureXsrfCookie();
  const token = readCookie(XSRF_COOKIE);
  return token === null ? {} : { [XSRF_HEADER]: token };
}

/** The toast key of a failed call: its status, method and URL. */
export function httpFailureKey(failure: Pick<HttpFailure, 'status' | 'url' | 'method'>): string {
  return `${failure.status ?? 'network'} ${failure.method ?? ''} ${failure.url}`;
}

/** Shows a failed call the one way every screen does (or, on 401, sends the user to login). */
export function reportHttpFailure(failure: HttpFailure, silent = false): void {
  if (silent) return;
  if (failure.status === 401) {
    expireSession();
    return;
  }
  const { title, lines } = describeHttpFailure(failure);
  appFeedback().notification.error({
    // One toast per failed call, however many queries hit the same failure at once; a caller that
    // names what failed (lib/action-feedback toastFailure) replaces it in place rather than adding one.
    key: httpFailureKey(failure),
    title,
    description: lines.length > 0 ? lines.join('\n') : undefined,
    duration: ERROR_TOAST_SECONDS,
    // One line per detail, as the spec shows backend error lists.
    styles: { description: { whiteSpace: 'pre-line' } },
  });
}

/** Reports a failed call (unless silent) and throws it as an HttpError. */
export function failHttp(failure: HttpFailure, silent: boolean, cause?: unknown): never {
  reportHttpFailure(failure, silent);
  throw new HttpError(failure, { cause });
}

/**
 * Sends one call with the session cookie, the XSRF header and an optional JSON body. A network
 * failure is reported and thrown; a cancelled call rethrows its abort (not worth a toast).
 */
export async function sendRequest(
  method: string,
  url: string,
  options: { body?: unknown; signal?: AbortSignal | undefined; silent: boolean; accept?: string; failure?: string | undefined },
): Promise<Response> {
  const headers: Record<string, string> = { ...(options.accept ? { Accept: options.accept } : {}), ...(await xsrfHeaders(method, url)) };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    // The first screen's GETs may already have left at boot (lib/early-get.ts).
    const early = method === 'GET' && options.accept === 'application/json' && options.body === undefined ? takeEarlyGet(url) : undefined;
    if (early) return await early;
    return await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    return failHttp({ status: null, url, statusText: '', body: null, method, ...(options.failure ? { what: options.failure } : {}) }, options.silent, cause);
  }
}

async function request<S extends z.ZodType | undefined>(
  method: Method,
  url: string,
  options: RequestOptions<S> = {},
): Promise<Parsed<S>> {
  const silent = options.silent ?? false;
  const response = await sendRequest(method, url, { body: options.body, signal: options.signal, silent, accept: 'application/json', failure: options.failure });
  const base = { status: response.status, url, statusText: response.statusText, method, ...(options.failure ? { what: options.failure } : {}) };

  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    // A query cancelled while its body streams in (a live refresh replaced it, the screen closed)
    // is not a failure: reporting it as an empty or malformed answer would be a false alarm.
    if (options.signal?.aborted) throw cause;
    return failHttp({ ...base, body: null, problem: 'The connection broke while the answer arrived.' }, silent, cause);
  }
  let body: unknown = undefined;
  let isJson = text === '';
  if (text !== '') {
    try {
      body = JSON.parse(text);
      isJson = true;
    } catch {
      body = null;
    }
  }
  if (!response.ok) return failHttp({ ...base, body }, silent || (options.notFoundPage === true && response.status === 404));
  if (!isJson) return failHttp({ ...base, body: null, problem: 'The server sent an answer that is not JSON.' }, silent);
  if (!options.schema) return body as Parsed<S>;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) return failHttp({ ...base, body, problem: 'The server sent an answer of an unexpected shape.' }, silent, parsed.error);
  return parsed.data as Parsed<S>;
}

/** GET a JSON resource. */
export function get<S extends z.ZodType | undefined = undefined>(url: string, options?: RequestOptions<S>): Promise<Parsed<S>> {
  return request('GET', url, options);
}

/** POST a JSON body. */
export function post<S extends z.ZodType | undefined = undefined>(url: string, options?: RequestOptions<S>): Promise<Parsed<S>> {
  return request('POST', url, options);
}

/** PUT a JSON body. */
export function put<S extends z.ZodType | undefined = undefined>(url: string, options?: RequestOptions<S>): Promise<Parsed<S>> {
  return request('PUT', url, options);
}

/** DELETE, optionally with a JSON body (the spec's delete calls carry id lists). */
export function del<S extends z.ZodType | undefined = undefined>(url: string, options?: RequestOptions<S>): Promise<Parsed<S>> {
  return request('DELETE', url, options);
}
