/**
 * WordPress REST API (https://developer.wordpress.org/rest-api/reference/) with basic auth: the user
 * name and an application password. Two URL forms: `/wp-json/…` (pretty permalinks) and
 * `/?rest_route=…` (works on every site with the REST API on).
 */
import { PublishError } from '../connector';
import type { ImageFile } from '../featured-image';
import { remoteCode } from '../remote-summary';
import { httpExchange, parseJsonBody, parseRetryAfter, type HttpAnswer, type HttpContext } from '../http';
import { utcMs } from '../intent-match';

export type RestUrlForm = 'pretty' | 'query';

export interface RestSession {
  base: string;
  form: RestUrlForm;
  username: string;
  password: string;
  http: HttpContext;
}

/** The site answered, but not as a WordPress REST API (404 page, HTML, a redirect to the home page). */
export class RestApiMissing extends Error {
  override readonly name = 'RestApiMissing';
}

interface RestCall {
  method: 'GET' | 'POST';
  route: string;
  query?: Record<string, string>;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
  /** What the call does, for messages: "publish posts", "upload images", … */
  action: string;
}

export function restUrl(base: string, form: RestUrlForm, route: string, query: Record<string, string> = {}): string {
  const url = new URL(form === 'pretty' ? `${base}/wp-json${route}` : `${base}/`);
  if (form === 'query') url.searchParams.set('rest_route', route);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

async function restCall(session: RestSession, call: RestCall): Promise<unknown> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: basicAuthorization(session.username, session.password),
    ...call.headers,
  };
  let body: string | Uint8Array | undefined = call.body;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(call.json);
  }
  const answer = await httpExchange(
    { method: call.method, url: restUrl(session.base, session.form, call.route, call.query), headers, ...(body === undefined ? {} : { body }) },
    session.http,
  );
  const data = parseJsonBody(answer);
  if (answer.status >= 200 && answer.status < 300) {
    if (data === undefined) throw new RestApiMissing(`${call.route} answered with something other than JSON`);
    return data;
  }
  throw restError(answer, data, session, call.action);
}

interface WordPressErrorBody {
  code?: unknown;
  message?: unknown;
  data?: { status?: unknown; term_id?: unknown } | null;
}

function asErrorBody(data: unknown): WordPressErrorBody {
  return data && typeof data === 'object' ? (data as WordPressErrorBody) : {};
}

/** Turns an unsuccessful answer into the PublishError a user can act on (or RestApiMissing). */
export function restError(answer: HttpAnswer, data: unknown, session: Pick<RestSession, 'http' | 'username'>, action: string): Error {
  const site = session.http.siteLabel;
  const { status } = answer;
  const body = asErrorBody(data);
  // WordPress's error code, not its message: remote answers are summarised, never echoed (remote-summary.ts).
  const code = remoteCode(body.code);
  const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));

  if (status === 429) {
    const wait = retryAfterMs === undefined ? '' : ` Retry after ${Math.ceil(retryAfterMs / 1000)} s.`;
    return new PublishError('rateLimited', `${site} is limiting requests (HTTP 429): too many posts too fast.${wait}`, { status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }
  if (data === undefined && (status === 404 || status === 405 || status === 410 || (status >= 300 && status < 400))) {
    return new RestApiMissing(`HTTP ${status} without JSON`);
  }
  if (status === 404 && code === 'rest_no_route') return new RestApiMissing('rest_no_route');
  if (status === 404 && code === 'rest_post_invalid_id') {
    return new PublishError('notFound', `WordPress at ${site} has no such post any more (${code}): it was deleted or moved to the trash.`, { status });
  }
  if (status === 401) {
    if (code === 'application_passwords_disabled') {
      return new PublishError('auth', `Application passwords are turned off on ${site} (WordPress allows them only over HTTPS): use the site's https:// address, or turn them on.`, { status });
    }
    return new PublishError('auth', `WordPress refused the username or application password for ${site}: check the site's credentials (in the private network or the account profile).`, { status });
  }
  if (status === 403) {
    if (code.startsWith('rest_cannot_') || code === 'rest_forbidden') {
      return new PublishError('auth', `The WordPress user "${session.username}" is not allowed to ${action} on ${site}: give it the Author role or higher.`, { status });
    }
    return new PublishError('auth', `${site} refused access (HTTP 403${code ? `: ${code}` : ''}): check the site's credentials and any security plugin or firewall in front of it.`, { status });
  }
  if (status === 413) {
    return new PublishError('rejected', `${site} refused to ${action}: the request is too large for the server (HTTP 413).`, { status });
  }
  // WordPress answers a taken user name or email with HTTP 500; it is no server failure to retry.
  if (code === 'existing_user_login' || code === 'existing_user_email') {
    return new PublishError('rejected', `${site} already has a user with this ${code === 'existing_user_login' ? 'name' : 'email'}: choose another.`, { status, code: 'accountExists', retryable: false });
  }
  if (status >= 500) {
    return new PublishError('rejected', `WordPress at ${site} failed with HTTP ${status}${code ? ` (${code})` : ''}; it will be tried again.`, {
      status,
      retryable: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  // The body rides along as the cause: callers read WordPress's details from it (e.g. term_exists).
  return new PublishError('rejected', `WordPress at ${site} refused to ${action}: HTTP ${status}${code ? ` (${code})` : ''}.`, { status, cause: data });
}


/** The entities WordPress puts in term names and messages. */
export function decodeHtmlEntities(text: string): string {
  return text
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_match, digits: string) => String.fromCodePoint(Number(digits)))
    .replace(/&amp;/g, '&');
}

// ---------------------------------------------------------------------------------------------
// Operations

/** Checks the API and the credentials in one small call. */
export async function restWhoAmI(session: RestSession): Promise<number> {
  const data = (await restCall(session, { method: 'GET', route: '/wp/v2/users/me', query: { _fields: 'id' }, action: 'sign in' })) as { id?: unknown };
  if (typeof data.id !== 'number') throw new RestApiMissing('users/me has no id');
  return data.id;
}

/** Ids of the tags with these names, created when missing; `known` caches them per site. */
export async function restTagIds(session: RestSession, names: string[], known: Map<string, number>): Promise<number[]> {
  const ids: number[] = [];
  for (const rawName of names) {
    const name = rawName.trim();
    if (!name) continue;
    const key = name.toLowerCase();
    let id = known.get(key);
    if (id === undefined) {
      id = await findOrCreateTag(session, name);
      known.set(key, id);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

async function findOrCreateTag(session: RestSession, name: string): Promise<number> {
  const found = (await restCall(session, {
    method: 'GET',
    route: '/wp/v2/tags',
    query: { search: name, per_page: '100', _fields: 'id,name' },
    action: 'read tags',
  })) as Array<{ id: number; name: string }>;
  const exact = Array.isArray(found) ? found.find((tag) => decodeHtmlEntities(tag.name).toLowerCase() === name.toLowerCase()) : undefined;
  if (exact) return exact.id;
  try {
    const created = (await restCall(session, { method: 'POST', route: '/wp/v2/tags', json: { name }, query: { _fields: 'id' }, action: 'create tags' })) as { id: number };
    return created.id;
  } catch (error) {
    // Made meanwhile (or a differently-cased twin): WordPress names the existing term.
    const termId = error instanceof PublishError && error.status === 400 ? termIdOf(error) : undefined;
    if (termId !== undefined) return termId;
    throw error;
  }
}

function termIdOf(error: PublishError): number | undefined {
  const body = asErrorBody(error.cause);
  return body.code === 'term_exists' && typeof body.data?.term_id === 'number' ? body.data.term_id : undefined;
}

/** Uploads an image to the media library; its id. */
export async function restUploadMedia(session: RestSession, image: ImageFile): Promise<number> {
  const created = (await restCall(session, {
    method: 'POST',
    route: '/wp/v2/media',
    query: { _fields: 'id' },
    body: image.bytes,
    headers: {
      'content-type': image.contentType,
      'content-disposition': `attachment; filename="${image.filename}"`,
    },
    action: 'upload images',
  })) as { id: number };
  if (image.alt) {
    await restCall(session, { method: 'POST', route: `/wp/v2/media/${created.id}`, json: { alt_text: image.alt }, query: { _fields: 'id' }, action: 'upload images' });
  }
  return created.id;
}

export interface RestPostInput {
  title: string;
  html: string;
  slug: string;
  tagIds: number[];
  featuredMediaId?: number;
  /** Category ids (Article Directory, Press Release: the module's category); none leaves WordPress's default. */
  categoryIds?: number[];
}

export interface RestPostOutput {
  id: number;
  link: string;
  status: string;
}

export async function restCreatePost(session: RestSession, input: RestPostInput): Promise<RestPostOutput> {
  const created = (await restCall(session, {
    method: 'POST',
    route: '/wp/v2/posts',
    query: { _fields: 'id,link,status' },
    json: {
      title: input.title,
      content: input.html,
      status: 'publish',
      slug: input.slug,
      ...(input.tagIds.length ? { tags: input.tagIds } : {}),
      ...(input.featuredMediaId === undefined ? {} : { featured_media: input.featuredMediaId }),
      ...(input.categoryIds?.length ? { categories: input.categoryIds } : {}),
    },
    action: 'publish posts',
  })) as Partial<RestPostOutput>;
  if (typeof created.id !== 'number' || typeof created.link !== 'string') {
    throw new PublishError('rejected', `WordPress at ${session.http.siteLabel} answered the new post without its id and link.`, { outcomeUnknown: true });
  }
  return { id: created.id, link: created.link, status: created.status ?? 'publish' };
}

/** A post as the look-ups read it: enough to tell whether it is the one an intent made. */
export interface FoundPost {
  id: string;
  link: string;
  status: string;
  slug: string;
  author: number;
  /** When it was made (the site's clock, UTC ms); null when the site did not say. */
  createdMs: number | null;
  /** The title as stored (raw, entities as WordPress keeps them). */
  title: string;
}

/**
 * Which of these slugs published posts of the site already have (REST `slug` takes a list). Read
 * as any visitor may: a refused login is no answer to this question, and the publish that follows
 * reports it as WordPress words it. A draft holding a slug is rare; WordPress then saves ours as
 * `-2`, which the look-up also reads (own-post.ts).
 */
export async function restTakenSlugs(session: RestSession, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const found = (await restCall(session, {
    method: 'GET', route: '/wp/v2/posts', query: { slug: slugs.join(','), per_page: '100', _fields: 'slug' }, action: 'read posts',
  })) as Array<{ slug?: unknown }>;
  return new Set(Array.isArray(found) ? found.flatMap((post) => (typeof post.slug === 'string' ? [post.slug.toLowerCase()] : [])) : []);
}

/**
 * The posts with these slugs that the user may edit (`context=edit`: the raw title, any status but
 * trash), each with its author and time: what a look-up after an unknown outcome chooses from.
 */
export async function restPostsBySlugs(session: RestSession, slugs: readonly string[]): Promise<FoundPost[]> {
  const found = (await restCall(session, {
    method: 'GET', route: '/wp/v2/posts', action: 'read posts',
    query: { slug: slugs.join(','), status: 'any', context: 'edit', per_page: '100', _fields: 'id,link,status,slug,author,date_gmt,title' },
  })) as Array<{ id?: unknown; link?: unknown; status?: unknown; slug?: unknown; author?: unknown; date_gmt?: unknown; title?: { raw?: unknown } | unknown }>;
  if (!Array.isArray(found)) return [];
  return found.flatMap((post) => {
    if (typeof post.id !== 'number' || typeof post.slug !== 'string') return [];
    const title = post.title && typeof post.title === 'object' && 'raw' in post.title ? String(post.title.raw ?? '') : '';
    return [{
      id: String(post.id), link: typeof post.link === 'string' ? post.link : '', status: typeof post.status === 'string' ? post.status : 'publish',
      slug: post.slug, author: typeof post.author === 'number' ? post.author : -1, createdMs: utcMs(post.date_gmt), title,
    }];
  });
}

/**
 * A new user of the site (REST `POST /wp/v2/users`, an administrator's session) with the given role,
 * then an application password of its own (`POST /wp/v2/users/{id}/application-passwords`,
 * returned once). Answers the user's login name and that password.
 */
export async function restCreateUserWithAppPassword(
  session: RestSession, user: { username: string; email: string; password: string; role: string; profile?: Record<string, string> }, appName: string,
): Promise<{ id: number; username: string; applicationPassword: string }> {
  const created = (await restCall(session, {
    method: 'POST', route: '/wp/v2/users', query: { _fields: 'id,username,slug' }, action: 'create users',
    json: { ...user.profile, username: user.username, email: user.email, password: user.password, roles: [user.role] },
  })) as { id?: unknown; username?: unknown; slug?: unknown };
  if (typeof created.id !== 'number') throw new RestApiMissing('users answered without an id');
  return { id: created.id, username: typeof created.username === 'string' ? created.username : user.username, applicationPassword: await restCreateAppPassword(session, created.id, appName) };
}

/** A new application password of user `id` (an administrator's session); returned once. */
export async function restCreateAppPassword(session: RestSession, id: number, appName: string): Promise<string> {
  const app = (await restCall(session, {
    method: 'POST', route: `/wp/v2/users/${id}/application-passwords`, json: { name: appName }, action: 'create application passwords',
  })) as { password?: unknown };
  if (typeof app.password !== 'string') throw new RestApiMissing('application-passwords answered without a password');
  return app.password;
}

/** The user whose login name is `username` (any case), with its address (an administrator's session); null when none. */
export async function restFindUserByLogin(session: RestSession, username: string): Promise<{ id: number; username: string; email: string } | null> {
  const found = (await restCall(session, {
    method: 'GET', route: '/wp/v2/users', query: { search: username, context: 'edit', per_page: '100', _fields: 'id,username,email' }, action: 'read users',
  })) as Array<{ id?: unknown; username?: unknown; email?: unknown }>;
  const wanted = username.toLowerCase();
  const user = Array.isArray(found) ? found.find((candidate) => typeof candidate.username === 'string' && candidate.username.toLowerCase() === wanted) : undefined;
  return user && typeof user.id === 'number' ? { id: user.id, username: String(user.username), email: typeof user.email === 'string' ? user.email : '' } : null;
}

/** A post's content as stored (`context=edit`: the raw HTML, before WordPress's filters), to edit it. */
export async function restPostContent(session: RestSession, id: string): Promise<string> {
  const post = (await restCall(session, {
    method: 'GET', route: `/wp/v2/posts/${encodeURIComponent(id)}`, query: { context: 'edit', _fields: 'id,content' }, action: 'read posts',
  })) as { content?: { raw?: unknown } };
  if (typeof post.content?.raw !== 'string') throw new PublishError('rejected', `WordPress at ${session.http.siteLabel} answered the post without its content.`, { retryable: true });
  return post.content.raw;
}

/** Saves a post's content (the rest of it unchanged). */
export async function restUpdatePostContent(session: RestSession, id: string, html: string): Promise<void> {
  await restCall(session, { method: 'POST', route: `/wp/v2/posts/${encodeURIComponent(id)}`, query: { _fields: 'id' }, json: { content: html }, action: 'edit posts' });
}

// ---------------------------------------------------------------------------------------------
// Module conventions (issue 37 items 3–4): categories, the account's own profile, documents

/**
 * The id of the category named `name` (any case), created when the site has none and the user may
 * create categories (editors and administrators; an author may only choose existing ones):
 * undefined when it may not, so the post goes out without it. `known` caches ids per site.
 */
export async function restCategoryId(session: RestSession, name: string, known: Map<string, number>): Promise<number | undefined> {
  const key = `category:${name.toLowerCase()}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const found = (await restCall(session, {
    method: 'GET', route: '/wp/v2/categories', query: { search: name, per_page: '100', _fields: 'id,name' }, action: 'read categories',
  })) as Array<{ id: number; name: string }>;
  const exact = Array.isArray(found) ? found.find((category) => decodeHtmlEntities(category.name).toLowerCase() === name.toLowerCase()) : undefined;
  let id = exact?.id;
  if (id === undefined) {
    try {
      id = ((await restCall(session, { method: 'POST', route: '/wp/v2/categories', json: { name }, query: { _fields: 'id' }, action: 'create categories' })) as { id: number }).id;
    } catch (error) {
      if (error instanceof PublishError && error.status === 400) id = termIdOf(error);
      else if (error instanceof PublishError && (error.status === 401 || error.status === 403)) return undefined;
      if (id === undefined) throw error;
    }
  }
  known.set(key, id);
  return id;
}

/** The signed-in user after setting its profile's website and description (`POST /wp/v2/users/me`). */
export async function restUpdateOwnProfile(session: RestSession, profile: { url: string; description: string }): Promise<{ id: number; link: string; slug: string }> {
  const user = (await restCall(session, {
    method: 'POST', route: '/wp/v2/users/me', query: { context: 'edit', _fields: 'id,link,slug,url,description' },
    json: { url: profile.url, description: profile.description }, action: 'edit its profile',
  })) as { id?: unknown; link?: unknown; slug?: unknown };
  if (typeof user.id !== 'number' || typeof user.link !== 'string') throw new RestApiMissing('users/me answered without an id and link');
  return { id: user.id, link: user.link, slug: typeof user.slug === 'string' ? user.slug : '' };
}

/**
 * Uploads a document to the media library (`POST /wp/v2/media`, the file as the body) with its
 * slug and title; its id and the file's public address.
 */
export async function restUploadDocument(
  session: RestSession, file: { bytes: Uint8Array; filename: string; contentType: string; title: string; slug: string },
): Promise<{ id: number; url: string }> {
  const created = (await restCall(session, {
    method: 'POST', route: '/wp/v2/media', query: { _fields: 'id,source_url', title: file.title, slug: file.slug },
    body: file.bytes,
    // The name's UTF-8 bytes as they are, as browsers send them (WordPress reads `filename` only, not `filename*`).
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${Buffer.from(file.filename.replace(/["\\\r\n;]/g, ''), 'utf8').toString('latin1')}"` },
    action: 'upload files',
  })) as { id?: unknown; source_url?: unknown };
  if (typeof created.id !== 'number' || typeof created.source_url !== 'string') {
    throw new PublishError('rejected', `WordPress at ${session.http.siteLabel} answered the upload without its id and address.`, { outcomeUnknown: true });
  }
  return { id: created.id, url: created.source_url };
}

/** Which of these slugs the site's media library has (attachments, any user's), read as a visitor may. */
export async function restTakenMediaSlugs(session: RestSession, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const found = (await restCall(session, {
    method: 'GET', route: '/wp/v2/media', query: { slug: slugs.join(','), per_page: '100', _fields: 'slug' }, action: 'read the media library',
  })) as Array<{ slug?: unknown }>;
  return new Set(Array.isArray(found) ? found.flatMap((item) => (typeof item.slug === 'string' ? [item.slug.toLowerCase()] : [])) : []);
}

/** The media items with these slugs the user may edit, each with its author and time (`link` is the file's address). */
export async function restMediaBySlugs(session: RestSession, slugs: readonly string[]): Promise<FoundPost[]> {
  const found = (await restCall(session, {
    method: 'GET', route: '/wp/v2/media', action: 'read the media library',
    query: { slug: slugs.join(','), context: 'edit', per_page: '100', _fields: 'id,source_url,status,slug,author,date_gmt,title' },
  })) as Array<{ id?: unknown; source_url?: unknown; status?: unknown; slug?: unknown; author?: unknown; date_gmt?: unknown; title?: { raw?: unknown } | unknown }>;
  if (!Array.isArray(found)) return [];
  return found.flatMap((item) => {
    if (typeof item.id !== 'number' || typeof item.slug !== 'string') return [];
    const title = item.title && typeof item.title === 'object' && 'raw' in item.title ? String(item.title.raw ?? '') : '';
    return [{
      id: String(item.id), link: typeof item.source_url === 'string' ? item.source_url : '', status: typeof item.status === 'string' ? item.status : 'inherit',
      slug: item.slug, author: typeof item.author === 'number' ? item.author : -1, createdMs: utcMs(item.date_gmt), title,
    }];
  });
}
