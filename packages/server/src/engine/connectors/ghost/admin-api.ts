/**
 * The Ghost Admin API calls the connector makes (https://ghost.org/docs/admin-api/): posts read by
 * slug, browsed with an NQL filter, created and edited with `?source=html`, and images uploaded.
 * Every request carries a fresh token (admin-token.ts) and `Accept-Version: v5.0`, and goes through
 * apiExchange (../hosted-api.ts): the key reaches the blog's own origin only. Ghost's errors are
 * `{"errors": [{"message", "type", "context", "code"}]}`; only the short `type` / `code` may reach the
 * user (remote-summary.ts), never the message.
 */
import { randomBytes } from 'node:crypto';
import { PublishError } from '../connector';
import type { ImageFile } from '../featured-image';
import { parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import { remoteCode } from '../remote-summary';
import { adminToken, type AdminApiKey } from './admin-token';
import { apiExchange } from '../hosted-api';

/** The minimum API version the connector works with (Accept-Version). */
export const GHOST_ACCEPT_VERSION = 'v5.0';

/** Without a Retry-After, a rate limit is waited out this long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

export interface GhostSession {
  /** `https://blog.example/ghost/api/admin` (no trailing slash). */
  apiBase: string;
  key: AdminApiKey;
  http: HttpContext;
}

/** The site answered, but not as a Ghost Admin API (an HTML page, a 404 without Ghost's JSON). */
export class GhostApiMissing extends Error {
  override readonly name = 'GhostApiMissing';
}

interface GhostCall {
  method: 'GET' | 'POST' | 'PUT';
  /** Below the API base, with its trailing slash: `posts/`, `posts/slug/x/`. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  body?: Uint8Array;
  contentType?: string;
  /** What the call does, for messages: "publish posts", "upload images", … */
  action: string;
}

export function ghostUrl(apiBase: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${apiBase}/${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

async function ghostCall(session: GhostSession, call: GhostCall): Promise<Record<string, unknown> | null> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-version': GHOST_ACCEPT_VERSION,
    authorization: `Ghost ${adminToken(session.key)}`,
  };
  let body: string | Uint8Array | undefined = call.body;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.contentType) headers['content-type'] = call.contentType;
  const answer = await apiExchange({ method: call.method, url: ghostUrl(session.apiBase, call.path, call.query), headers, ...(body === undefined ? {} : { body }) }, session.http);
  const data = parseJsonBody(answer);
  if (answer.status >= 200 && answer.status < 300) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new GhostApiMissing(`${call.path} answered without a JSON object`);
    return data as Record<string, unknown>;
  }
  if (answer.status === 404 && isGhostError(data)) return null;
  throw ghostError(answer, data, session.http.siteLabel, call.action);
}

function isGhostError(data: unknown): data is { errors: Array<Record<string, unknown>> } {
  return !!data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors);
}

/** Ghost's short machine code for an error: its `code` (INVALID_JWT), else its `type` (ValidationError). */
export function ghostErrorCode(data: unknown): string {
  if (!isGhostError(data)) return '';
  const first = data.errors[0] ?? {};
  return remoteCode(first.code) || remoteCode(first.type) || remoteCode(first.errorType);
}

/** An unsuccessful answer as the PublishError a user can act on (or GhostApiMissing). */
export function ghostError(answer: HttpAnswer, data: unknown, site: string, action: string): Error {
  const { status } = answer;
  const code = ghostErrorCode(data);
  const why = code ? ` (${code})` : '';
  if (!isGhostError(data) && (status === 404 || status === 405 || (status >= 300 && status < 400))) {
    return new GhostApiMissing(`HTTP ${status} without Ghost's JSON`);
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after')) ?? DEFAULT_RATE_LIMIT_WAIT_MS;
    return new PublishError('rateLimited', `Ghost at ${site} is limiting requests (HTTP 429${why}): it will be tried again in ${Math.ceil(retryAfterMs / 1000)} s.`, { status, code: 'rateLimited', retryAfterMs });
  }
  if (status === 401) {
    return new PublishError('auth', `Ghost at ${site} refused the Admin API key${why}: check the site's password, which must be the Admin API key (id:secret) of a custom integration of this site (Ghost Admin → Settings → Integrations).`, { status, code: 'badCredentials' });
  }
  if (status === 403) {
    return new PublishError('auth', `Ghost at ${site} does not let this Admin API key ${action}${why}: use the Admin API key of a custom integration (a Content API key cannot write).`, { status, code: 'permissionDenied' });
  }
  if (status === 404) return new PublishError('notFound', `Ghost at ${site} has no such item (HTTP 404${why}): it may have been deleted.`, { status });
  if (status === 413) return new PublishError('rejected', `Ghost at ${site} refused to ${action}: the request is too large for the server (HTTP 413).`, { status, code: 'refusedContent' });
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    return new PublishError('rejected', `Ghost at ${site} failed with HTTP ${status}${why}; it will be tried again.`, { status, retryable: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }
  return new PublishError('rejected', `Ghost at ${site} refused to ${action}: HTTP ${status}${why}.`, { status, code: 'refusedContent' });
}

/** A post as the connector reads it. */
export interface GhostPost {
  id: string;
  slug: string;
  title: string;
  url: string;
  status: string;
  /** When it was made (the site's clock, UTC ms); null when the site did not say. */
  createdMs: number | null;
  html?: string;
  updatedAt?: string;
}

function readPost(raw: unknown): GhostPost | null {
  if (!raw || typeof raw !== 'object') return null;
  const post = raw as Record<string, unknown>;
  if (typeof post.id !== 'string') return null;
  const created = typeof post.created_at === 'string' ? Date.parse(post.created_at) : Number.NaN;
  return {
    id: post.id,
    slug: typeof post.slug === 'string' ? post.slug : '',
    title: typeof post.title === 'string' ? post.title : '',
    url: typeof post.url === 'string' ? post.url : '',
    status: typeof post.status === 'string' ? post.status : '',
    createdMs: Number.isNaN(created) ? null : created,
    ...(typeof post.html === 'string' ? { html: post.html } : {}),
    ...(typeof post.updated_at === 'string' ? { updatedAt: post.updated_at } : {}),
  };
}

function postsOf(data: Record<string, unknown> | null): GhostPost[] {
  const posts = data?.posts;
  return Array.isArray(posts) ? posts.flatMap((raw) => readPost(raw) ?? []) : [];
}

/** Whether a post (any status) has this slug: `GET posts/slug/{slug}/` answers it or 404. */
export async function ghostSlugTaken(session: GhostSession, slug: string): Promise<boolean> {
  const data = await ghostCall(session, { method: 'GET', path: `posts/slug/${encodeURIComponent(slug)}/`, query: { fields: 'id,slug' }, action: 'read posts' });
  return postsOf(data).length > 0;
}

/** The posts (any status) whose slug is one of these, by an NQL filter `slug:[a,b]`. */
export async function ghostPostsBySlugs(session: GhostSession, slugs: readonly string[]): Promise<GhostPost[]> {
  const safe = slugs.filter((slug) => /^[a-z0-9-]+$/.test(slug));
  if (safe.length === 0) return [];
  const data = await ghostCall(session, {
    method: 'GET', path: 'posts/', action: 'read posts',
    query: { filter: `slug:[${safe.join(',')}]`, fields: 'id,slug,title,url,status,created_at', limit: 'all' },
  });
  return postsOf(data);
}

/** One post with its HTML and updated_at (what an edit sends back). */
export async function ghostReadPost(session: GhostSession, id: string): Promise<GhostPost | null> {
  const data = await ghostCall(session, { method: 'GET', path: `posts/${encodeURIComponent(id)}/`, query: { formats: 'html' }, action: 'read posts' });
  return postsOf(data)[0] ?? null;
}

export interface GhostPostInput {
  title: string;
  html: string;
  slug: string;
  tags: string[];
  featureImage?: { url: string; alt?: string };
}

/** Creates a published post from HTML (`POST posts/?source=html`). */
export async function ghostCreatePost(session: GhostSession, input: GhostPostInput): Promise<GhostPost> {
  const data = await ghostCall(session, {
    method: 'POST', path: 'posts/', query: { source: 'html' }, action: 'publish posts',
    json: {
      posts: [{
        title: input.title,
        html: input.html,
        status: 'published',
        slug: input.slug,
        tags: input.tags,
        ...(input.featureImage ? { feature_image: input.featureImage.url, ...(input.featureImage.alt ? { feature_image_alt: input.featureImage.alt.slice(0, 191) } : {}) } : {}),
      }],
    },
  });
  const created = postsOf(data)[0];
  if (!created || !created.url) {
    throw new PublishError('rejected', `Ghost at ${session.http.siteLabel} answered the new post without its id and address.`, { outcomeUnknown: true });
  }
  return created;
}

/** Saves a post's HTML (`PUT posts/{id}/?source=html`), `updatedAt` as read: Ghost refuses an edit of a post changed since (409). */
export async function ghostUpdatePostHtml(session: GhostSession, id: string, html: string, updatedAt: string): Promise<GhostPost | null> {
  const data = await ghostCall(session, {
    method: 'PUT', path: `posts/${encodeURIComponent(id)}/`, query: { source: 'html' }, action: 'edit posts',
    json: { posts: [{ html, updated_at: updatedAt }] },
  });
  return postsOf(data)[0] ?? null;
}

/** Uploads an image (`POST images/upload/`, multipart `file`, `purpose`, `ref`); its URL. */
export async function ghostUploadImage(session: GhostSession, image: ImageFile): Promise<string> {
  const boundary = `----${randomBytes(12).toString('hex')}`;
  const filename = image.filename.replace(/["\r\n\\]/g, '');
  const head = (name: string, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${head('file', `; filename="${filename}"`)}Content-Type: ${image.contentType}\r\n\r\n`),
    Buffer.from(image.bytes),
    Buffer.from(`\r\n${head('purpose')}\r\nimage\r\n${head('ref')}\r\n${filename}\r\n--${boundary}--\r\n`),
  ]);
  const data = await ghostCall(session, { method: 'POST', path: 'images/upload/', body: new Uint8Array(body), contentType: `multipart/form-data; boundary=${boundary}`, action: 'upload images' });
  const images = data?.images;
  const first = Array.isArray(images) ? (images[0] as { url?: unknown } | undefined) : undefined;
  if (typeof first?.url !== 'string') throw new GhostApiMissing('images/upload answered without a URL');
  return first.url;
}
