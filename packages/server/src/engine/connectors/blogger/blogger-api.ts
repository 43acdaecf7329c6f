/**
 * The Blogger API v3 (https://developers.google.com/blogger/docs/3.0/reference) with an OAuth 2.0
 * access token as a bearer token: blogs.getByUrl, posts.insert, posts.list, posts.get and
 * posts.patch. Every call goes to the API's own origin only; the token never reaches the blog.
 * Errors are Google's JSON error objects (`error.code`, `error.errors[].reason`, `error.status`),
 * summarised in our words with the reason code only.
 */
import { PublishError } from '../connector';
import { httpExchange, parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import { utcMs } from '../intent-match';
import { remoteCode } from '../remote-summary';
import type { ListedPost } from '../titled-name';

/** Where the Blogger API answers in production. */
export const BLOGGER_API_BASE = 'https://www.googleapis.com/blogger/v3';
/** The OAuth 2.0 scope posts.insert and posts.patch need (the read-only scope cannot post). */
export const BLOGGER_SCOPE = 'https://www.googleapis.com/auth/blogger';

export interface BloggerSession {
  /** The API base without a trailing slash (production: BLOGGER_API_BASE). */
  apiBase: string;
  /** The OAuth 2.0 access token (the site's password). */
  token: string;
  /** HTTP limits; `siteLabel` is the blog's address as the user gave it. */
  http: HttpContext;
}

type Query = Record<string, string | readonly string[]>;

interface BloggerCall {
  method: 'GET' | 'POST' | 'PATCH';
  /** Path under the API base, its variable segments already encoded. */
  path: string;
  query?: Query;
  json?: unknown;
  /** What the call does, for messages: "publish posts", "read posts", … */
  action: string;
}

/** The URL of a call: under the API base, and on its origin (a token never goes anywhere else). */
export function bloggerUrl(apiBase: string, path: string, query: Query = {}): string {
  const url = new URL(`${apiBase}${path}`);
  for (const [name, value] of Object.entries(query)) {
    for (const one of typeof value === 'string' ? [value] : value) url.searchParams.append(name, one);
  }
  if (url.origin !== new URL(apiBase).origin) throw new Error(`Refusing to send the Blogger token outside ${apiBase}`);
  return url.toString();
}

async function bloggerCall(session: BloggerSession, call: BloggerCall): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${session.token}` };
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(call.json);
  }
  const answer = await httpExchange(
    { method: call.method, url: bloggerUrl(session.apiBase, call.path, call.query), headers, ...(body === undefined ? {} : { body }) },
    session.http,
  );
  const data = parseJsonBody(answer);
  if (answer.status >= 200 && answer.status < 300) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new PublishError('rejected', `The Blogger API answered ${call.action} with something other than JSON (HTTP ${answer.status}); it will be tried again.`, { status: answer.status, retryable: true });
    }
    return data as Record<string, unknown>;
  }
  throw bloggerError(answer, data, session.http.siteLabel, call.action);
}

interface GoogleErrorBody {
  error?: {
    status?: unknown;
    errors?: Array<{ reason?: unknown }>;
    details?: Array<{ reason?: unknown }>;
  };
}

const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'dailyLimitExceeded', 'quotaExceeded', 'RESOURCE_EXHAUSTED', 'RATE_LIMIT_EXCEEDED']);
const DAILY_REASONS = new Set(['dailyLimitExceeded', 'quotaExceeded']);
const DEFAULT_RATE_WAIT_MS = 60_000;

/** Milliseconds until Google's daily quotas start again: midnight Pacific time, taken as 08:00 UTC (late in summer, never early). */
export function msUntilGoogleDailyReset(now: number = Date.now()): number {
  const reset = new Date(now);
  reset.setUTCHours(8, 0, 0, 0);
  if (reset.getTime() <= now) reset.setUTCDate(reset.getUTCDate() + 1);
  return reset.getTime() - now;
}

/** Turns Google's error answer into the PublishError a user can act on (the reason code only, never Google's text). */
export function bloggerError(answer: HttpAnswer, data: unknown, blog: string, action: string): PublishError {
  const { status } = answer;
  const error = data && typeof data === 'object' ? (data as GoogleErrorBody).error : undefined;
  const reasons = [
    ...(Array.isArray(error?.errors) ? error.errors.map((item) => remoteCode(item?.reason)) : []),
    ...(Array.isArray(error?.details) ? error.details.map((item) => remoteCode(item?.reason)) : []),
    remoteCode(error?.status),
  ].filter(Boolean);
  const reason = reasons[0] ?? '';
  const said = reason ? ` (${reason})` : '';
  const answered = `HTTP ${status}${reason ? `, ${reason}` : ''}`;
  const challenge = answer.headers.get('www-authenticate') ?? '';

  if (status === 429 || (status === 403 && reasons.some((one) => RATE_REASONS.has(one)))) {
    const daily = reasons.some((one) => DAILY_REASONS.has(one));
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after')) ?? (daily ? msUntilGoogleDailyReset() : DEFAULT_RATE_WAIT_MS);
    const when = daily ? 'tomorrow (Google counts the quota per day)' : `in ${Math.ceil(retryAfterMs / 1000)} s`;
    return new PublishError('rateLimited', `Blogger is limiting requests for ${blog} (${answered}): too many posts or calls too fast; it will be tried again ${when}.`, {
      status, retryAfterMs, code: 'rateLimited',
    });
  }
  if (status === 401) {
    return new PublishError('auth', `Google refused the access token for ${blog} (${answered}): it is wrong or has expired (Google's access tokens last about an hour): get a new access token for ${blog} with the Blogger scope ${BLOGGER_SCOPE} and save it as the site's password.`, {
      status, code: 'badCredentials',
    });
  }
  if (status === 403) {
    const scopeMissing = /insufficient_scope/i.test(challenge) || reasons.includes('insufficientPermissions') || reasons.includes('ACCESS_TOKEN_SCOPE_INSUFFICIENT');
    if (scopeMissing) {
      return new PublishError('auth', `The access token for ${blog} lacks the Blogger scope ${BLOGGER_SCOPE} (${answered}): get a new access token for ${blog} that grants it (a read-only token cannot ${action}).`, {
        status, code: 'permissionDenied',
      });
    }
    return new PublishError('auth', `The Google account of the access token may not ${action} on ${blog} (${answered}): use a token of the blog's owner or of one of its authors.`, {
      status, code: 'permissionDenied',
    });
  }
  if (status === 404) {
    return new PublishError('notFound', `Blogger has nothing at ${blog} to ${action} (${answered}): check the blog's address (https://name.blogspot.com) and that the post was not deleted.`, { status });
  }
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    return new PublishError('rejected', `The Blogger API failed with HTTP ${status}${said} while trying to ${action} on ${blog}; it will be tried again.`, {
      status, retryable: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  return new PublishError('rejected', `Blogger refused to ${action} on ${blog}: HTTP ${status}${said}.`, { status, code: 'refusedContent' });
}

const encode = encodeURIComponent;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

// ---------------------------------------------------------------------------------------------
// Operations

export interface BloggerBlog {
  id: string;
  url: string;
}

/** blogs.getByUrl: the blog at this address, its id as Blogger numbers it. */
export async function blogByUrl(session: BloggerSession, blogUrl: string): Promise<BloggerBlog> {
  const data = await bloggerCall(session, { method: 'GET', path: '/blogs/byurl', query: { url: blogUrl, fields: 'id,url' }, action: 'find the blog' });
  const id = text(data.id);
  if (!/^\d+$/.test(id)) throw new PublishError('notFound', `Blogger answered without a blog id for ${blogUrl}: check the blog's address (https://name.blogspot.com).`);
  return { id, url: text(data.url) || blogUrl };
}

export interface BloggerPostInput {
  title: string;
  html: string;
  labels: string[];
}

export interface BloggerPost {
  id: string;
  url: string;
  status: string;
  publishedMs: number | null;
}

function asPost(data: Record<string, unknown>): BloggerPost {
  return { id: text(data.id), url: text(data.url), status: text(data.status) || 'LIVE', publishedMs: utcMs(data.published) };
}

/** posts.insert: the post, published at once (a Posts resource with the blog's id, title, HTML content and labels). */
export async function insertPost(session: BloggerSession, blogId: string, input: BloggerPostInput): Promise<BloggerPost> {
  const data = await bloggerCall(session, {
    method: 'POST',
    path: `/blogs/${encode(blogId)}/posts`,
    query: { fetchBody: 'false', fields: 'id,url,status,published' },
    json: {
      kind: 'blogger#post',
      blog: { id: blogId },
      title: input.title,
      content: input.html,
      ...(input.labels.length ? { labels: input.labels } : {}),
    },
    action: 'publish posts',
  });
  const post = asPost(data);
  if (!post.id || !post.url) {
    throw new PublishError('rejected', `Blogger answered the new post on ${session.http.siteLabel} without its id and address.`, { outcomeUnknown: true });
  }
  return post;
}

/** Pages of posts.list read at most by one look-up (50 posts each). */
const MAX_LIST_PAGES = 10;

/**
 * posts.list from `sinceMs` on (startDate, RFC 3339), newest first, without bodies: the blog's
 * live posts of that time, for a look-up by title.
 */
export async function listPostsSince(session: BloggerSession, blogId: string, sinceMs: number): Promise<ListedPost[]> {
  const posts: ListedPost[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const data = await bloggerCall(session, {
      method: 'GET',
      path: `/blogs/${encode(blogId)}/posts`,
      query: {
        startDate: new Date(Math.max(0, sinceMs)).toISOString(),
        fetchBodies: 'false',
        fetchImages: 'false',
        maxResults: '50',
        orderBy: 'published',
        fields: 'nextPageToken,items(id,url,title,published,status)',
        ...(pageToken ? { pageToken } : {}),
      },
      action: 'read posts',
    });
    const items = Array.isArray(data.items) ? (data.items as Array<Record<string, unknown>>) : [];
    for (const item of items) {
      if (!item || typeof item !== 'object') continue;
      const post = asPost(item);
      if (post.id) posts.push({ id: post.id, url: post.url, title: text(item.title), createdMs: post.publishedMs, status: post.status });
    }
    pageToken = typeof data.nextPageToken === 'string' && data.nextPageToken ? data.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return posts;
}

/** posts.get: the post's HTML content as Blogger has it now. */
export async function getPostContent(session: BloggerSession, blogId: string, postId: string): Promise<{ id: string; url: string; content: string }> {
  const data = await bloggerCall(session, {
    method: 'GET',
    path: `/blogs/${encode(blogId)}/posts/${encode(postId)}`,
    query: { fetchBody: 'true', fetchImages: 'false', maxComments: '0', fields: 'id,url,content' },
    action: 'read the post',
  });
  return { id: text(data.id), url: text(data.url), content: text(data.content) };
}

/** posts.patch: only the post's content changes (patch semantics: the other fields stay). */
export async function patchPostContent(session: BloggerSession, blogId: string, postId: string, html: string): Promise<void> {
  await bloggerCall(session, {
    method: 'PATCH',
    path: `/blogs/${encode(blogId)}/posts/${encode(postId)}`,
    query: { fetchBody: 'false', fields: 'id,url' },
    json: { content: html },
    action: 'edit posts',
  });
}
