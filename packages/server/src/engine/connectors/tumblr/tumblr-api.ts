/**
 * The Tumblr API v2 (https://github.com/tumblr/docs/blob/master/api.md) with OAuth 1.0a
 * (HMAC-SHA1, oauth1.ts): `POST /v2/blog/{blog-identifier}/post` (a legacy text post: title, HTML
 * body, comma-separated tags), `GET /v2/blog/{blog-identifier}/posts` (published posts, with the
 * consumer key as `api_key`), `POST /v2/blog/{blog-identifier}/post/edit`. Post ids are 64-bit:
 * they are read as strings (`id_string`, or the digits as the answer spells them), never as
 * JavaScript numbers. Answers are `{ meta: { status, msg }, response, errors? }`; refusals are
 * summarised in our words with Tumblr's numeric error code only.
 */
import { PublishError } from '../connector';
import { httpExchange, parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import type { ListedPost } from '../titled-name';
import { authorizationHeader, formEncode, type OAuth1Credentials } from './oauth1';

/** Where the Tumblr API answers in production. */
export const TUMBLR_API_BASE = 'https://api.tumblr.com/v2';

export interface TumblrSession {
  /** The API base without a trailing slash (production: TUMBLR_API_BASE). */
  apiBase: string;
  credentials: OAuth1Credentials;
  /** The blog identifier: its hostname, `name.tumblr.com` or a custom domain. */
  blog: string;
  /** HTTP limits; `siteLabel` is the blog's address as the user gave it. */
  http: HttpContext;
}

type Query = Record<string, string>;

interface TumblrCall {
  method: 'GET' | 'POST';
  /** Path under `/blog/{blog-identifier}`. */
  path: string;
  query?: Query;
  /** Form-encoded body parameters (signed with the request). */
  form?: Array<[string, string]>;
  action: string;
}

interface TumblrAnswer {
  response: Record<string, unknown>;
  /** The answer's text, for the digits of a 64-bit id. */
  raw: string;
}

const FOUR_VALUES = 'consumerKey:consumerSecret:token:tokenSecret';
const VALUE_NAMES = ['consumer key', 'consumer secret', 'access token', 'access token secret'] as const;

/**
 * The four OAuth 1.0a values of the site's password, `consumerKey:consumerSecret:token:tokenSecret`;
 * a password of another form is an auth error that says which values are missing.
 */
export function tumblrCredentials(password: string, blog: string): OAuth1Credentials {
  const parts = password.trim().split(':').map((part) => part.trim());
  const howTo = `save the four OAuth 1.0a values as ${FOUR_VALUES}: your app's consumer key and secret (tumblr.com/oauth/apps) and the access token and token secret of the blog's account`;
  if (parts.length > 4) {
    throw new PublishError('auth', `The Tumblr password of ${blog} has ${parts.length} colon-separated values instead of four: ${howTo}.`, { code: 'badCredentials' });
  }
  const missing = VALUE_NAMES.filter((_, index) => !parts[index]);
  if (missing.length > 0) {
    throw new PublishError('auth', `The Tumblr password of ${blog} lacks the ${missing.join(', the ')}: ${howTo}.`, { code: 'badCredentials' });
  }
  const [consumerKey = '', consumerSecret = '', token = '', tokenSecret = ''] = parts;
  return { consumerKey, consumerSecret, token, tokenSecret };
}

/**
 * The blog identifier of a blog's address: its hostname (`name.tumblr.com`, a custom domain), or
 * for `https://www.tumblr.com/name` (also `/@name`) the blog's standard hostname.
 */
export function blogIdentifier(siteUrl: string): string {
  const url = new URL(siteUrl);
  const host = url.hostname.toLowerCase();
  if (host === 'www.tumblr.com' || host === 'tumblr.com') {
    const name = decodeURIComponent(url.pathname.split('/').filter(Boolean)[0] ?? '').replace(/^@/, '').toLowerCase();
    if (!/^[a-z0-9-]+$/.test(name)) {
      throw new PublishError('rejected', `${siteUrl} names no Tumblr blog: use the blog's address, such as https://name.tumblr.com.`);
    }
    return `${name}.tumblr.com`;
  }
  return host;
}

/** The URL of a call: under the API base, and on its origin (the signed request goes nowhere else). */
export function tumblrUrl(apiBase: string, blog: string, path: string, query: Query = {}): string {
  const url = new URL(`${apiBase}/blog/${encodeURIComponent(blog)}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.append(name, value);
  if (url.origin !== new URL(apiBase).origin) throw new Error(`Refusing to send the Tumblr credentials outside ${apiBase}`);
  return url.toString();
}

async function tumblrCall(session: TumblrSession, call: TumblrCall): Promise<TumblrAnswer> {
  const url = tumblrUrl(session.apiBase, session.blog, call.path, call.query);
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: authorizationHeader(session.credentials, { method: call.method, url, ...(call.form ? { form: call.form } : {}) }),
  };
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = formEncode(call.form);
  }
  const answer = await httpExchange({ method: call.method, url, headers, ...(body === undefined ? {} : { body }) }, session.http);
  const data = parseJsonBody(answer);
  if (answer.status >= 200 && answer.status < 300) {
    const response = data && typeof data === 'object' ? (data as { response?: unknown }).response : undefined;
    if (!response || typeof response !== 'object' || Array.isArray(response)) {
      throw new PublishError('rejected', `The Tumblr API answered ${call.action} without its response (HTTP ${answer.status}); it will be tried again.`, { status: answer.status, retryable: true });
    }
    return { response: response as Record<string, unknown>, raw: answer.body };
  }
  throw tumblrError(answer, data, session.http.siteLabel, call.action);
}

interface TumblrErrorBody {
  errors?: Array<{ code?: unknown }>;
}

/** Tumblr's error subcode when it is one (a number such as 8023), else ''. */
function errorCodeOf(data: unknown): string {
  const errors = data && typeof data === 'object' ? (data as TumblrErrorBody).errors : undefined;
  const code = Array.isArray(errors) ? errors[0]?.code : undefined;
  return typeof code === 'number' && Number.isInteger(code) && code > 0 && code < 1_000_000 ? String(code) : '';
}

/** Tumblr's daily limit counts a calendar day on its own clock (New York): the next midnight there, taken as 05:00 UTC (late in summer, never early). */
export function msUntilTumblrDailyReset(now: number = Date.now()): number {
  const reset = new Date(now);
  reset.setUTCHours(5, 0, 0, 0);
  if (reset.getTime() <= now) reset.setUTCDate(reset.getUTCDate() + 1);
  return reset.getTime() - now;
}

const DEFAULT_RATE_WAIT_MS = 60_000;
/** Subcodes of a 403 that are a daily limit, not a refusal: posts (8023), media uploads (8004, 8011). */
const DAILY_LIMIT_CODES = new Set(['8023', '8004', '8011']);

/** Turns Tumblr's error answer into the PublishError a user can act on (the numeric subcode only, never Tumblr's text). */
export function tumblrError(answer: HttpAnswer, data: unknown, blog: string, action: string): PublishError {
  const { status } = answer;
  const code = errorCodeOf(data);
  const answered = `HTTP ${status}${code ? `, error ${code}` : ''}`;
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after')) ?? DEFAULT_RATE_WAIT_MS;
    return new PublishError('rateLimited', `Tumblr is limiting requests for ${blog} (${answered}): too many calls too fast; it will be tried again in ${Math.ceil(retryAfterMs / 1000)} s.`, {
      status, retryAfterMs, code: 'rateLimited',
    });
  }
  if (status === 403 && DAILY_LIMIT_CODES.has(code)) {
    return new PublishError('rateLimited', `Tumblr's daily limit for the account of ${blog} is reached (${answered}: 250 new posts a day); it will be tried again tomorrow.`, {
      status, retryAfterMs: msUntilTumblrDailyReset(), code: 'rateLimited',
    });
  }
  if (status === 401) {
    return new PublishError('auth', `Tumblr refused the OAuth 1.0a credentials for ${blog} (${answered}): a key or secret is wrong, or the access token was revoked: get a new access token for ${blog} (token and token secret) and save the four values as ${FOUR_VALUES}.`, {
      status, code: 'badCredentials',
    });
  }
  if (status === 403) {
    return new PublishError('auth', `The Tumblr account of the access token may not ${action} on ${blog} (${answered}): use the token of the blog's own account (or of a member of a group blog).`, {
      status, code: 'permissionDenied',
    });
  }
  if (status === 404) {
    return new PublishError('notFound', `Tumblr has nothing at ${blog} to ${action} (${answered}): check the blog's address (https://name.tumblr.com) and that the post was not deleted.`, { status });
  }
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    return new PublishError('rejected', `The Tumblr API failed with ${answered} while trying to ${action} on ${blog}; it will be tried again.`, {
      status, retryable: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  return new PublishError('rejected', `Tumblr refused to ${action} on ${blog}: ${answered}.`, { status, code: 'refusedContent' });
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A post id as a string: `id_string`, a string `id`, or a safe integer `id`. */
function idOf(post: Record<string, unknown>): string {
  if (typeof post.id_string === 'string' && /^\d+$/.test(post.id_string)) return post.id_string;
  if (typeof post.id === 'string' && /^\d+$/.test(post.id)) return post.id;
  if (typeof post.id === 'number' && Number.isSafeInteger(post.id) && post.id > 0) return String(post.id);
  return '';
}

/** The new post's id from the creation answer: as a string, else the digits as the JSON text spells them (a 64-bit number loses digits as a JavaScript number). */
function createdId(answer: TumblrAnswer): string {
  const known = idOf(answer.response);
  if (known) return known;
  return /"response"\s*:\s*\{[^{}]*?"id"\s*:\s*"?(\d+)/.exec(answer.raw)?.[1] ?? '';
}

// ---------------------------------------------------------------------------------------------
// Operations

export interface TumblrPostInput {
  /** The title as HTML text (entities escaped, as the API asks). */
  titleHtml: string;
  html: string;
  tags: string[];
}

/** `/post` (legacy): a published text post in HTML format; answers its id. */
export async function createTextPost(session: TumblrSession, input: TumblrPostInput): Promise<string> {
  const form: Array<[string, string]> = [
    ['type', 'text'],
    ['state', 'published'],
    ['format', 'html'],
    ['title', input.titleHtml],
    ['body', input.html],
  ];
  if (input.tags.length) form.push(['tags', input.tags.join(',')]);
  const answer = await tumblrCall(session, { method: 'POST', path: '/post', form, action: 'publish posts' });
  const id = createdId(answer);
  if (!id) throw new PublishError('rejected', `Tumblr answered the new post on ${session.http.siteLabel} without its id.`, { outcomeUnknown: true });
  return id;
}

export interface TumblrPost {
  id: string;
  url: string;
  title: string;
  body: string;
  state: string;
  createdMs: number | null;
}

function asPost(item: Record<string, unknown>): TumblrPost {
  return {
    id: idOf(item),
    url: text(item.post_url),
    title: text(item.title),
    body: text(item.body),
    state: text(item.state) || 'published',
    createdMs: typeof item.timestamp === 'number' ? item.timestamp * 1000 : null,
  };
}

/** `/posts?id=`: one published post; `raw` reads its body as it was entered (our HTML, not Tumblr's rendering of it). */
export async function postById(session: TumblrSession, id: string, raw = false): Promise<TumblrPost> {
  const { response } = await tumblrCall(session, {
    method: 'GET', path: '/posts', query: { api_key: session.credentials.consumerKey, id, ...(raw ? { filter: 'raw' } : {}) }, action: 'read the post',
  });
  const posts = Array.isArray(response.posts) ? (response.posts as Array<Record<string, unknown>>) : [];
  const post = posts.map(asPost).find((candidate) => candidate.id === id);
  if (!post) throw new PublishError('notFound', `Tumblr has no post ${id} on ${session.http.siteLabel}: it may have been deleted.`);
  return post;
}

/** Posts a page of `/posts` holds at most (the API's limit). */
const PAGE_SIZE = 20;
/** Pages read at most by one look-up. */
const MAX_LIST_PAGES = 10;

/** The blog's published text posts made since `sinceMs`, newest first (`/posts/text`, page by page until older ones come). */
export async function listTextPostsSince(session: TumblrSession, sinceMs: number): Promise<ListedPost[]> {
  const found: ListedPost[] = [];
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const { response } = await tumblrCall(session, {
      method: 'GET',
      path: '/posts/text',
      query: { api_key: session.credentials.consumerKey, limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE), filter: 'raw' },
      action: 'read posts',
    });
    const posts = (Array.isArray(response.posts) ? (response.posts as Array<Record<string, unknown>>) : []).filter((item) => item && typeof item === 'object').map(asPost);
    for (const post of posts) if (post.id) found.push({ id: post.id, url: post.url, title: post.title, createdMs: post.createdMs, status: post.state });
    const oldest = posts.at(-1)?.createdMs;
    if (posts.length < PAGE_SIZE || (oldest !== null && oldest !== undefined && oldest < sinceMs)) break;
  }
  return found.filter((post) => post.createdMs === null || post.createdMs >= sinceMs);
}

/** `/post/edit` (legacy): the text post's body replaced; its title, tags and state stay. */
export async function editPostBody(session: TumblrSession, id: string, html: string): Promise<void> {
  await tumblrCall(session, {
    method: 'POST', path: '/post/edit', form: [['id', id], ['type', 'text'], ['format', 'html'], ['body', html]], action: 'edit posts',
  });
}
