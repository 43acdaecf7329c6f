/**
 * The Forem API v1 calls the connector makes (https://developers.forem.com/api/v1): `POST
 * /api/articles`, `GET /api/articles/me/all` (the user's own articles, published or not),
 * `GET /api/articles/{id}` and `PUT /api/articles/{id}`. Each request carries the user's key in the
 * `api-key` header and v1's `Accept: application/vnd.forem.api-v1+json`, through apiExchange
 * (../hosted-api.ts): the key reaches the Forem's own origin only. Forem's errors are
 * `{"error": "…", "status": 422}`; the `error` text is never shown, only a short code when it is one.
 */
import { PublishError } from '../connector';
import { parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import { remoteCode } from '../remote-summary';
import { apiExchange } from '../hosted-api';

export const FOREM_ACCEPT = 'application/vnd.forem.api-v1+json';

/** Without a Retry-After, a rate limit is waited out this long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 30_000;

export interface ForemSession {
  /** The Forem's origin, `https://dev.to`: the API is at /api/. */
  apiBase: string;
  apiKey: string;
  http: HttpContext;
}

/** The site answered, but not as a Forem API (an HTML page, a 404 without Forem's JSON). */
export class ForemApiMissing extends Error {
  override readonly name = 'ForemApiMissing';
}

interface ForemCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  action: string;
}

async function foremCall(session: ForemSession, call: ForemCall): Promise<unknown> {
  const url = new URL(`${session.apiBase}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { accept: FOREM_ACCEPT, 'api-key': session.apiKey };
  if (call.json !== undefined) headers['content-type'] = 'application/json';
  const answer = await apiExchange({ method: call.method, url: url.toString(), headers, ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }) }, session.http);
  const data = parseJsonBody(answer);
  if (answer.status >= 200 && answer.status < 300) {
    if (data === undefined) throw new ForemApiMissing(`${call.path} answered with something other than JSON`);
    return data;
  }
  throw foremError(answer, data, session.http.siteLabel, call.action);
}

function isForemError(data: unknown): data is { error: unknown; status?: unknown } {
  return !!data && typeof data === 'object' && 'error' in data;
}

/** An unsuccessful answer as the PublishError a user can act on (or ForemApiMissing). */
export function foremError(answer: HttpAnswer, data: unknown, site: string, action: string): Error {
  const { status } = answer;
  const code = isForemError(data) ? remoteCode(data.error) : '';
  const why = code ? ` (${code})` : '';
  if (!isForemError(data) && (status === 404 || status === 405 || (status >= 300 && status < 400))) return new ForemApiMissing(`HTTP ${status} without Forem's JSON`);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after')) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
    return new PublishError('rateLimited', `${site} is limiting requests (HTTP 429): it will be tried again in ${Math.ceil(retryAfterMs / 1000)} s.`, { status, code: 'rateLimited', retryAfterMs });
  }
  if (status === 401) {
    return new PublishError('auth', `${site} refused the API key${why}: check the site's password, which must be an API key of the account made on ${site}/settings/extensions.`, { status, code: 'badCredentials' });
  }
  if (status === 403) {
    return new PublishError('auth', `${site} does not let this account ${action}${why}: a new or limited account may not post through the API yet; check the account on ${site}.`, { status, code: 'permissionDenied' });
  }
  if (status === 404) return new PublishError('notFound', `${site} has no such article (HTTP 404${why}): it may have been deleted or unpublished.`, { status });
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    return new PublishError('rejected', `${site} failed with HTTP ${status}${why}; it will be tried again.`, { status, retryable: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }
  return new PublishError('rejected', `${site} refused to ${action}: HTTP ${status}${why}.`, { status, code: 'refusedContent' });
}

/** An article as the connector reads it. */
export interface ForemArticle {
  id: number;
  title: string;
  url: string;
  published: boolean;
  /** When it was published (the site's clock, UTC ms); null when not published or not said. */
  publishedMs: number | null;
  bodyMarkdown?: string;
}

function readArticle(raw: unknown, origin: string): ForemArticle | null {
  if (!raw || typeof raw !== 'object') return null;
  const article = raw as Record<string, unknown>;
  if (typeof article.id !== 'number') return null;
  const time = [article.published_at, article.published_timestamp, article.created_at].find((value): value is string => typeof value === 'string' && value !== '');
  const publishedMs = time === undefined ? null : Date.parse(time);
  const url = typeof article.url === 'string' ? article.url : typeof article.path === 'string' ? `${origin}${article.path}` : '';
  return {
    id: article.id,
    title: typeof article.title === 'string' ? article.title : '',
    url,
    // /me lists say `published`; a single article or a create answer is published when it has its time.
    published: typeof article.published === 'boolean' ? article.published : typeof article.published_at === 'string',
    publishedMs: publishedMs === null || Number.isNaN(publishedMs) ? null : publishedMs,
    ...(typeof article.body_markdown === 'string' ? { bodyMarkdown: article.body_markdown } : {}),
  };
}

export interface ForemArticleInput {
  title: string;
  bodyMarkdown: string;
  tags: string[];
  mainImage?: string;
}

/** Publishes an article (`POST /api/articles`, `published: true`). */
export async function foremCreateArticle(session: ForemSession, input: ForemArticleInput): Promise<ForemArticle> {
  const data = await foremCall(session, {
    method: 'POST', path: '/api/articles', action: 'publish articles',
    json: {
      article: {
        title: input.title,
        body_markdown: input.bodyMarkdown,
        published: true,
        ...(input.tags.length > 0 ? { tags: input.tags.join(', ') } : {}),
        ...(input.mainImage ? { main_image: input.mainImage } : {}),
      },
    },
  });
  const created = readArticle(data, session.apiBase);
  if (!created || !created.url) throw new PublishError('rejected', `${session.http.siteLabel} answered the new article without its id and address.`, { outcomeUnknown: true });
  return created;
}

/** One page of the user's own articles (`GET /api/articles/me/all`): unpublished first, then published, newest first. */
export async function foremMyArticles(session: ForemSession, page: number, perPage: number): Promise<ForemArticle[]> {
  const data = await foremCall(session, { method: 'GET', path: '/api/articles/me/all', query: { page: String(page), per_page: String(perPage) }, action: 'read its articles' });
  if (!Array.isArray(data)) throw new ForemApiMissing('/api/articles/me/all answered without a list');
  return data.flatMap((raw) => readArticle(raw, session.apiBase) ?? []);
}

/** One article with its Markdown (`GET /api/articles/{id}`); null when the site has none (404). */
export async function foremReadArticle(session: ForemSession, id: string): Promise<ForemArticle | null> {
  try {
    return readArticle(await foremCall(session, { method: 'GET', path: `/api/articles/${encodeURIComponent(id)}`, action: 'read articles' }), session.apiBase);
  } catch (error) {
    if (error instanceof PublishError && error.kind === 'notFound') return null;
    throw error;
  }
}

/** Saves an article's Markdown (`PUT /api/articles/{id}`: only the body is sent, so nothing else changes). */
export async function foremUpdateArticle(session: ForemSession, id: string, bodyMarkdown: string): Promise<void> {
  await foremCall(session, { method: 'PUT', path: `/api/articles/${encodeURIComponent(id)}`, json: { article: { body_markdown: bodyMarkdown } }, action: 'edit articles' });
}
