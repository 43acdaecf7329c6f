/**
 * WordPress XML-RPC (https://codex.wordpress.org/XML-RPC_WordPress_API, metaWeblog) at /xmlrpc.php:
 * the fallback for sites whose REST API is off. Application passwords work here too.
 */
import { PublishError } from '../connector';
import type { ImageFile } from '../featured-image';
import { utcMs } from '../intent-match';
import type { FoundPost } from './rest-api';
import { httpExchange, parseRetryAfter, type HttpContext } from '../http';
import { decodeMethodResponse, encodeMethodCall, XmlRpcFault, XmlRpcParseError, type XmlRpcParam, type XmlRpcValue } from './xmlrpc';

export interface XmlRpcSession {
  endpoint: string;
  /** Site root, for the fallback post link `?p=ID`. */
  base: string;
  username: string;
  password: string;
  http: HttpContext;
  blogId: number;
}

/** The site has no usable XML-RPC endpoint (404, not XML, or turned off). */
export class XmlRpcMissing extends Error {
  override readonly name = 'XmlRpcMissing';
}

type XmlRpcStruct = { [key: string]: XmlRpcValue };

function isStruct(value: XmlRpcValue): value is XmlRpcStruct {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}

async function call(session: XmlRpcSession, method: string, params: XmlRpcParam[], action: string): Promise<XmlRpcValue> {
  const answer = await httpExchange(
    { method: 'POST', url: session.endpoint, headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml' }, body: encodeMethodCall(method, params) },
    session.http,
  );
  const site = session.http.siteLabel;
  if (answer.status === 429) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after'));
    const wait = retryAfterMs === undefined ? '' : ` Retry after ${Math.ceil(retryAfterMs / 1000)} s.`;
    throw new PublishError('rateLimited', `${site} is limiting requests (HTTP 429): too many posts too fast.${wait}`, {
      status: 429,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  const looksLikeXmlRpc = answer.body.includes('<methodResponse');
  if (!looksLikeXmlRpc) {
    if (answer.status >= 500) {
      throw new PublishError('rejected', `WordPress at ${site} failed with HTTP ${answer.status}; it will be tried again.`, { status: answer.status, retryable: true });
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new PublishError('auth', `${site} refused access to XML-RPC (HTTP ${answer.status}): check the site's credentials and any security plugin or firewall in front of it.`, { status: answer.status });
    }
    throw new XmlRpcMissing(`HTTP ${answer.status} without an XML-RPC answer`);
  }
  try {
    return decodeMethodResponse(answer.body);
  } catch (error) {
    if (error instanceof XmlRpcFault) throw faultError(error, session, action);
    if (error instanceof XmlRpcParseError) throw new PublishError('rejected', `${site} sent an XML-RPC answer that cannot be read (${error.message}).`, { retryable: true, cause: error });
    throw error;
  }
}

/** WordPress's fault codes (class-wp-xmlrpc-server.php) as errors a user can act on. */
function faultError(fault: XmlRpcFault, session: XmlRpcSession, action: string): Error {
  const site = session.http.siteLabel;
  switch (fault.faultCode) {
    case 403:
      return new PublishError('auth', `WordPress refused the username or application password for ${site}: check the site's credentials (in the private network or the account profile).`, { cause: fault });
    case 401:
      return new PublishError('auth', `The WordPress user "${session.username}" is not allowed to ${action} on ${site}: give it the Author role or higher.`, { cause: fault });
    case 405:
      return new XmlRpcMissing(fault.faultString);
    case -32601:
      return new XmlRpcMissing(`method missing: ${fault.faultString}`);
    case 500:
      return new PublishError('rejected', `WordPress at ${site} could not ${action} (XML-RPC fault 500); it will be tried again.`, { retryable: true, cause: fault });
    case 404:
      return new PublishError('notFound', `WordPress at ${site} has no such post any more (XML-RPC fault 404): it was deleted or moved to the trash.`, { cause: fault });
    default:
      // The fault's code, never its text: remote answers are summarised (remote-summary.ts).
      return new PublishError('rejected', `WordPress at ${site} refused to ${action} (XML-RPC fault ${fault.faultCode}).`, { cause: fault });
  }
}

// ---------------------------------------------------------------------------------------------
// Operations

/** Checks the endpoint and the credentials; the id of the user's first blog. */
export async function xmlRpcUsersBlogId(session: XmlRpcSession): Promise<number> {
  const blogs = await call(session, 'wp.getUsersBlogs', [session.username, session.password], 'sign in');
  const first = Array.isArray(blogs) ? blogs[0] : undefined;
  const id = first && isStruct(first) ? Number(first.blogid) : NaN;
  return Number.isFinite(id) ? id : 1;
}

export async function xmlRpcUploadMedia(session: XmlRpcSession, image: ImageFile): Promise<number> {
  const uploaded = await call(
    session,
    'wp.uploadFile',
    [session.blogId, session.username, session.password, { name: image.filename, type: image.contentType, bits: image.bytes, overwrite: false }],
    'upload images',
  );
  const id = isStruct(uploaded) ? Number(uploaded.id ?? uploaded.attachment_id) : NaN;
  if (!Number.isFinite(id)) throw new PublishError('rejected', `WordPress at ${session.http.siteLabel} answered the upload without an id.`);
  return id;
}

export interface XmlRpcPostInput {
  title: string;
  html: string;
  slug: string;
  tags: string[];
  featuredMediaId?: number;
  /** Category names (metaWeblog takes existing categories only; a name the site lacks is left out by WordPress). */
  categories?: string[];
}

export interface XmlRpcPostOutput {
  id: string;
  link: string;
}

export async function xmlRpcCreatePost(session: XmlRpcSession, input: XmlRpcPostInput): Promise<XmlRpcPostOutput> {
  const content: { [key: string]: XmlRpcParam } = {
    title: input.title,
    description: input.html,
    wp_slug: input.slug,
    post_type: 'post',
    mt_keywords: input.tags.map((tag) => tag.trim()).filter(Boolean),
  };
  if (input.featuredMediaId !== undefined) content.wp_post_thumbnail = input.featuredMediaId;
  if (input.categories?.length) content.categories = input.categories;
  const postId = await call(session, 'metaWeblog.newPost', [session.blogId, session.username, session.password, content, true], 'publish posts');
  const id = String(postId);
  // The post exists now: its link is a nicety, and ?p=ID always leads to it.
  let link = `${session.base}/?p=${encodeURIComponent(id)}`;
  try {
    const post = await call(session, 'metaWeblog.getPost', [id, session.username, session.password], 'read posts');
    if (isStruct(post) && typeof post.link === 'string' && post.link) link = post.link;
  } catch (error) {
    if (session.http.signal?.aborted) throw error;
  }
  return { id, link };
}

/** The id of the signed-in user (wp.getProfile): the author of the posts it makes. */
export async function xmlRpcUserId(session: XmlRpcSession): Promise<number> {
  const profile = await call(session, 'wp.getProfile', [session.blogId, session.username, session.password, ['user_id']], 'read the profile');
  const id = isStruct(profile) ? Number(profile.user_id) : NaN;
  if (!Number.isFinite(id)) throw new PublishError('rejected', `WordPress at ${session.http.siteLabel} answered the profile without a user id.`, { retryable: true });
  return id;
}

/**
 * Posts the user may edit, newest first (wp.getPosts: any status but trash; XML-RPC has no slug
 * filter). `search` narrows them by WordPress's search (title and text words).
 */
export async function xmlRpcRecentPosts(session: XmlRpcSession, filter: { search?: string; limit?: number } = {}): Promise<FoundPost[]> {
  const posts = await call(
    session,
    'wp.getPosts',
    [
      session.blogId, session.username, session.password,
      { post_type: 'post', post_status: 'any', number: filter.limit ?? 100, orderby: 'date', order: 'DESC', ...(filter.search ? { s: filter.search } : {}) },
      ['post_id', 'post_name', 'post_title', 'post_author', 'post_date_gmt', 'link', 'post_status'],
    ],
    'read posts',
  );
  if (!Array.isArray(posts)) return [];
  return posts.flatMap((post) => {
    if (!isStruct(post) || post.post_id === undefined) return [];
    const id = String(post.post_id);
    return [{
      id, link: typeof post.link === 'string' && post.link ? post.link : `${session.base}/?p=${encodeURIComponent(id)}`,
      status: String(post.post_status ?? 'publish'), slug: String(post.post_name ?? ''), author: Number(post.post_author ?? -1),
      createdMs: utcMs(post.post_date_gmt), title: String(post.post_title ?? ''),
    }];
  });
}

/** A post's content as stored (wp.getPost), to edit it. */
export async function xmlRpcPostContent(session: XmlRpcSession, id: string): Promise<string> {
  const post = await call(session, 'wp.getPost', [session.blogId, session.username, session.password, id, ['post_content']], 'read posts');
  if (!isStruct(post) || typeof post.post_content !== 'string') throw new PublishError('rejected', `WordPress at ${session.http.siteLabel} answered the post without its content.`, { retryable: true });
  return post.post_content;
}

/** Saves a post's content (wp.editPost: the rest of it unchanged). */
export async function xmlRpcUpdatePostContent(session: XmlRpcSession, id: string, html: string): Promise<void> {
  await call(session, 'wp.editPost', [session.blogId, session.username, session.password, id, { post_content: html }], 'edit posts');
}
