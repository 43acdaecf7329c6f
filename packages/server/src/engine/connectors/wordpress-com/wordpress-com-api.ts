/**
 * The WordPress.com REST API v1.1 (https://developer.wordpress.com/docs/api/) with an OAuth 2.0
 * access token as a bearer token: `POST /sites/$site/posts/new`, `GET /sites/$site/posts/` (search,
 * after, status, fields), `GET /sites/$site/posts/$post_ID` and `POST /sites/$site/posts/$post_ID`.
 * `$site` is the blog's domain. Bodies are form-encoded, as the reference's examples send them.
 * Errors are `{ "error": code, "message": text }`: summarised in our words with the code only.
 */
import { PublishError } from '../connector';
import { httpExchange, parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import { utcMs } from '../intent-match';
import { remoteCode } from '../remote-summary';
import type { ListedPost } from '../titled-name';

/** Where the WordPress.com REST API answers in production. */
export const WORDPRESS_COM_API_BASE = 'https://public-api.wordpress.com/rest/v1.1';

export interface WordPressComSession {
  /** The API base without a trailing slash (production: WORDPRESS_COM_API_BASE). */
  apiBase: string;
  /** The OAuth 2.0 access token (the site's password). */
  token: string;
  /** `$site`: the blog's domain, `name.wordpress.com` or its custom domain. */
  site: string;
  /** HTTP limits; `siteLabel` is the blog's address as the user gave it. */
  http: HttpContext;
}

type Query = Record<string, string>;

interface WordPressComCall {
  method: 'GET' | 'POST';
  /** Path under `/sites/$site`. */
  path: string;
  query?: Query;
  form?: Array<[string, string]>;
  /** What the call does, for messages: "publish posts", "read posts", … */
  action: string;
}

/** The URL of a call: under the API base, and on its origin (a token never goes anywhere else). */
export function wordPressComUrl(apiBase: string, site: string, path: string, query: Query = {}): string {
  const url = new URL(`${apiBase}/sites/${encodeURIComponent(site)}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  if (url.origin !== new URL(apiBase).origin) throw new Error(`Refusing to send the WordPress.com token outside ${apiBase}`);
  return url.toString();
}

async function wordPressComCall(session: WordPressComSession, call: WordPressComCall): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${session.token}` };
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  const answer = await httpExchange(
    { method: call.method, url: wordPressComUrl(session.apiBase, session.site, call.path, call.query), headers, ...(body === undefined ? {} : { body }) },
    session.http,
  );
  const data = parseJsonBody(answer);
  if (answer.status >= 200 && answer.status < 300) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new PublishError('rejected', `The WordPress.com API answered ${call.action} with something other than JSON (HTTP ${answer.status}); it will be tried again.`, { status: answer.status, retryable: true });
    }
    return data as Record<string, unknown>;
  }
  throw wordPressComError(answer, data, session.http.siteLabel, call.action);
}

const DEFAULT_RATE_WAIT_MS = 60_000;
const BAD_TOKEN_CODES = new Set(['invalid_token', 'authorization_required', 'invalid_grant', 'expired_token']);
const RATE_CODES = new Set(['rate_limit_exceeded', 'too_many_requests', 'rate_limited']);

/** Turns the API's error answer into the PublishError a user can act on (its code only, never its message). */
export function wordPressComError(answer: HttpAnswer, data: unknown, site: string, action: string): PublishError {
  const { status } = answer;
  const code = remoteCode(data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined);
  const answered = `HTTP ${status}${code ? `, ${code}` : ''}`;
  if (status === 429 || RATE_CODES.has(code)) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after')) ?? DEFAULT_RATE_WAIT_MS;
    return new PublishError('rateLimited', `WordPress.com is limiting requests for ${site} (${answered}): too many posts or calls too fast; it will be tried again in ${Math.ceil(retryAfterMs / 1000)} s.`, {
      status, retryAfterMs, code: 'rateLimited',
    });
  }
  if (status === 401 || BAD_TOKEN_CODES.has(code)) {
    return new PublishError('auth', `WordPress.com refused the access token for ${site} (${answered}): it is wrong, expired or revoked: get a new access token for ${site} (authorised for this site, or with the global scope) and save it as the site's password.`, {
      status, code: 'badCredentials',
    });
  }
  if (status === 403) {
    return new PublishError('auth', `The WordPress.com access token may not ${action} on ${site} (${answered}): it needs a token authorised for ${site} (or with the global scope) by an account that can publish there (Author or higher).`, {
      status, code: 'permissionDenied',
    });
  }
  if (status === 404) {
    const what = code === 'unknown_blog' ? `has no site ${site}: check the site's address (https://name.wordpress.com)` : `has nothing at ${site} to ${action}: the post may have been deleted`;
    return new PublishError('notFound', `WordPress.com ${what} (${answered}).`, { status });
  }
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    return new PublishError('rejected', `The WordPress.com API failed with ${answered} while trying to ${action} on ${site}; it will be tried again.`, {
      status, retryable: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  return new PublishError('rejected', `WordPress.com refused to ${action} on ${site}: ${answered}.`, { status, code: 'refusedContent' });
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const idOf = (value: unknown): string => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' && /^\d+$/.test(value) ? value : '');

// ---------------------------------------------------------------------------------------------
// Operations

export interface WordPressComPostInput {
  /** The title as HTML text (entities escaped). */
  titleHtml: string;
  html: string;
  tags: string[];
}

export interface WordPressComPost {
  id: string;
  url: string;
  status: string;
}

/** `posts/new`: the post, published (title, HTML content, tags as a comma-separated list). */
export async function createPost(session: WordPressComSession, input: WordPressComPostInput): Promise<WordPressComPost> {
  const form: Array<[string, string]> = [['title', input.titleHtml], ['content', input.html], ['status', 'publish']];
  if (input.tags.length) form.push(['tags', input.tags.join(',')]);
  const data = await wordPressComCall(session, { method: 'POST', path: '/posts/new', query: { fields: 'ID,URL,status' }, form, action: 'publish posts' });
  const post = { id: idOf(data.ID), url: text(data.URL), status: text(data.status) || 'publish' };
  if (!post.id || !post.url) {
    throw new PublishError('rejected', `WordPress.com answered the new post on ${session.http.siteLabel} without its ID and URL.`, { outcomeUnknown: true });
  }
  return post;
}

/** Statuses a look-up reads: every one but trash. */
const LOOKUP_STATUSES = 'publish,private,draft,pending,future';
const PAGE_SIZE = 100;
const MAX_LIST_PAGES = 5;

/**
 * The site's posts dated after `sinceMs` (ISO 8601 `after`), newest first, matching `search` when
 * given, with their raw titles (`context=edit`).
 */
export async function listPostsSince(session: WordPressComSession, sinceMs: number, search?: string): Promise<ListedPost[]> {
  const found: ListedPost[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const data = await wordPressComCall(session, {
      method: 'GET',
      path: '/posts/',
      query: {
        after: new Date(Math.max(0, sinceMs)).toISOString(),
        ...(search ? { search } : {}),
        status: LOOKUP_STATUSES,
        context: 'edit',
        number: String(PAGE_SIZE),
        page: String(page),
        order_by: 'date',
        order: 'DESC',
        fields: 'ID,URL,title,date,status',
      },
      action: 'read posts',
    });
    const posts = Array.isArray(data.posts) ? (data.posts as Array<Record<string, unknown>>) : [];
    for (const post of posts) {
      if (!post || typeof post !== 'object') continue;
      const id = idOf(post.ID);
      if (id) found.push({ id, url: text(post.URL), title: text(post.title), createdMs: utcMs(post.date), status: text(post.status) || 'publish' });
    }
    const total = typeof data.found === 'number' ? data.found : 0;
    if (posts.length < PAGE_SIZE || page * PAGE_SIZE >= total) break;
  }
  return found;
}

/** `posts/$post_ID` in the edit context: the content as stored (not as displayed). */
export async function getPostContent(session: WordPressComSession, id: string): Promise<string> {
  const data = await wordPressComCall(session, {
    method: 'GET', path: `/posts/${encodeURIComponent(id)}`, query: { context: 'edit', fields: 'ID,content' }, action: 'read the post',
  });
  return text(data.content);
}

/** `POST posts/$post_ID`: only the content changes. */
export async function updatePostContent(session: WordPressComSession, id: string, html: string): Promise<void> {
  await wordPressComCall(session, {
    method: 'POST', path: `/posts/${encodeURIComponent(id)}`, query: { fields: 'ID,URL' }, form: [['content', html]], action: 'edit posts',
  });
}
