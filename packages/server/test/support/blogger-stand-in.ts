/**
 * A local stand-in for the Blogger API v3, written from Google's published reference
 * (https://developers.google.com/blogger/docs/3.0/reference) and its "Using the API" guide:
 * blogs.getByUrl (`GET /blogs/byurl?url=`), posts.insert (`POST /blogs/{blogId}/posts` with a Posts
 * resource), posts.list (`GET /blogs/{blogId}/posts` with startDate, fetchBodies, maxResults,
 * pageToken, orderBy), posts.get and posts.patch (`PATCH /blogs/{blogId}/posts/{postId}`, or POST with
 * Google's `X-HTTP-Method-Override: PATCH`). Each request is checked against the documented shape
 * (method, query parameters each method takes, JSON body fields and their types, the bearer token
 * and its scope) and answered with a Posts / Blogs resource, `fields` partial responses included;
 * refusals are Google's JSON error objects (`error.errors[].reason`, `error.code`, `error.message`)
 * with the status Google gives them. Every request is recorded for the tests to read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export const BLOGGER_SCOPE = 'https://www.googleapis.com/auth/blogger';

export interface BloggerStandInPost {
  id: string;
  blogId: string;
  title: string;
  content: string;
  labels: string[];
  /** When it was published (UTC ms). */
  publishedMs: number;
  updatedMs: number;
  url: string;
  status: 'LIVE' | 'DRAFT';
}

export interface BloggerStandInBlog {
  id: string;
  /** The blog's address as Blogger gives it (http://name.blogspot.com/). */
  url: string;
}

export interface RecordedRequest {
  method: string;
  /** The method meant (X-HTTP-Method-Override applied). */
  effectiveMethod: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface GoogleError {
  status: number;
  reason: string;
  message: string;
  headers?: Record<string, string>;
}

export interface BloggerStandIn {
  /** The API base the connector is pointed at (`…/blogger/v3`). */
  apiBase: string;
  blogs: BloggerStandInBlog[];
  posts: BloggerStandInPost[];
  requests: RecordedRequest[];
  /** Tokens the stand-in knows: a full-scope one, one with the read-only scope only, and one expired. */
  tokens: { valid: string; readOnly: string; expired: string };
  /** The next posts.insert is stored, then the connection is dropped without an answer (a lost answer). */
  dropNextInsertAnswer: boolean;
  /** The next posts.insert is stored and never answered (the connector's time limit runs out). */
  stallNextInsert: boolean;
  /** Errors the next posts.insert calls answer, in order (nothing is stored). */
  insertErrors: GoogleError[];
  /** posts.insert requests received. */
  insertRequests(): RecordedRequest[];
  /** Adds a post as if made on Blogger at `publishedMs` (e.g. someone else's, earlier). */
  addPost(blogId: string, title: string, content: string, publishedMs: number): BloggerStandInPost;
  close(): Promise<void>;
}

/** Query parameters every Google API takes (system parameters). */
const SYSTEM_PARAMETERS = ['fields', 'key', 'alt', 'prettyPrint', 'quotaUser', 'userIp', 'access_token', 'oauth_token', 'callback', '$.xgafv', 'upload_protocol', 'uploadType'];
/** Query parameters each method documents. */
const METHOD_PARAMETERS: Record<string, string[]> = {
  'blogs.getByUrl': ['url', 'view'],
  'posts.insert': ['isDraft', 'fetchBody', 'fetchImages'],
  'posts.list': ['endDate', 'fetchBodies', 'fetchImages', 'labels', 'maxResults', 'orderBy', 'pageToken', 'startDate', 'status', 'view', 'sortOption'],
  'posts.get': ['fetchBody', 'fetchImages', 'maxComments', 'view'],
  'posts.patch': ['fetchBody', 'fetchImages', 'maxComments', 'publish', 'revert'],
};
/** The Posts resource's fields (a request body naming any other is refused). */
const POST_FIELDS = new Set(['kind', 'id', 'blog', 'published', 'updated', 'url', 'selfLink', 'title', 'titleLink', 'content', 'images', 'customMetaData', 'author', 'replies', 'labels', 'location', 'status', 'etag', 'readerComments', 'trashed']);
const BOOLEAN = /^(true|false)$/;

class Refusal extends Error {
  constructor(readonly error: GoogleError) {
    super(error.message);
  }
}

const refuse = (status: number, reason: string, message: string, headers?: Record<string, string>): never => {
  throw new Refusal({ status, reason, message, ...(headers ? { headers } : {}) });
};

function googleErrorBody(error: GoogleError): unknown {
  return { error: { errors: [{ domain: 'global', reason: error.reason, message: error.message }], code: error.status, message: error.message } };
}

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body));
}

/** Google's partial responses: `fields=a,b,items(c,d)` keeps those fields only. */
export function selectFields(value: unknown, fields: string | null): unknown {
  if (!fields) return value;
  return pick(value, parseFields(fields));
}

type FieldTree = Map<string, FieldTree | null>;

function parseFields(spec: string): FieldTree {
  const tree: FieldTree = new Map();
  let at = 0;
  const parse = (into: FieldTree): void => {
    while (at < spec.length) {
      const match = /^[A-Za-z0-9_]+/.exec(spec.slice(at));
      if (!match) refuse(400, 'invalidParameter', `Invalid field selection ${spec}`);
      const name = match![0];
      at += name.length;
      if (spec[at] === '(') {
        at += 1;
        const inner: FieldTree = new Map();
        parse(inner);
        if (spec[at] !== ')') refuse(400, 'invalidParameter', `Invalid field selection ${spec}`);
        at += 1;
        into.set(name, inner);
      } else into.set(name, null);
      if (spec[at] === ',') at += 1;
      else return;
    }
  };
  parse(tree);
  if (at !== spec.length) refuse(400, 'invalidParameter', `Invalid field selection ${spec}`);
  return tree;
}

function pick(value: unknown, tree: FieldTree): unknown {
  if (Array.isArray(value)) return value.map((item) => pick(item, tree));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of tree) {
    const field = (value as Record<string, unknown>)[name];
    if (field === undefined) continue;
    out[name] = inner ? pick(field, inner) : field;
  }
  return out;
}

function rfc3339(ms: number): string {
  // Blogger writes its times with the blog's offset; the stand-in's blogs are on UTC.
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

export async function startBloggerStandIn(blogUrls: string[] = ['https://first-garden.blogspot.com']): Promise<BloggerStandIn> {
  let nextPostId = 7_100_000_000_000_000_000n;
  const blogs: BloggerStandInBlog[] = blogUrls.map((url, index) => ({ id: String(8_070_105_920_543_249_955n + BigInt(index)), url: `${url.replace(/\/+$/, '').replace(/^https:/, 'http:')}/` }));
  const tokens = { valid: 'ya29.stand-in-full-scope', readOnly: 'ya29.stand-in-read-only', expired: 'ya29.stand-in-expired' };
  const standIn: Omit<BloggerStandIn, 'apiBase' | 'close'> = {
    blogs,
    posts: [],
    requests: [],
    tokens,
    dropNextInsertAnswer: false,
    stallNextInsert: false,
    insertErrors: [],
    insertRequests: () => standIn.requests.filter((request) => request.effectiveMethod === 'POST' && /^\/blogger\/v3\/blogs\/[^/]+\/posts\/?$/.test(request.path)),
    addPost: (blogId, title, content, publishedMs) => store(blogId, title, content, [], publishedMs),
  };

  function store(blogId: string, title: string, content: string, labels: string[], publishedMs: number): BloggerStandInPost {
    const blog = blogs.find((candidate) => candidate.id === blogId)!;
    nextPostId += 1n;
    const date = new Date(publishedMs);
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || `blog-post`;
    let url = `${blog.url}${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${slug}.html`;
    for (let n = 1; standIn.posts.some((post) => post.url === url); n += 1) url = url.replace(/(_\d+)?\.html$/, `_${n}.html`);
    const post: BloggerStandInPost = { id: String(nextPostId), blogId, title, content, labels, publishedMs, updatedMs: publishedMs, url, status: 'LIVE' };
    standIn.posts.push(post);
    return post;
  }

  function resource(post: BloggerStandInPost, withBody = true): Record<string, unknown> {
    return {
      kind: 'blogger#post',
      id: post.id,
      blog: { id: post.blogId },
      published: rfc3339(post.publishedMs),
      updated: rfc3339(post.updatedMs),
      url: post.url,
      selfLink: `${base}/blogger/v3/blogs/${post.blogId}/posts/${post.id}`,
      title: post.title,
      ...(withBody ? { content: post.content } : {}),
      author: { id: '01234567890', displayName: 'Blog owner', url: 'https://www.blogger.com/profile/01234567890', image: { url: '' } },
      replies: { totalItems: '0', selfLink: `${base}/blogger/v3/blogs/${post.blogId}/posts/${post.id}/comments` },
      ...(post.labels.length ? { labels: post.labels } : {}),
      status: post.status,
    };
  }

  function checkQuery(query: URLSearchParams, method: string): void {
    const allowed = new Set([...SYSTEM_PARAMETERS, ...(METHOD_PARAMETERS[method] ?? [])]);
    for (const name of query.keys()) if (!allowed.has(name)) refuse(400, 'invalidParameter', `Unknown parameter ${name} for ${method}`);
    for (const name of ['fetchBody', 'fetchBodies', 'fetchImages', 'isDraft', 'publish', 'revert']) {
      const value = query.get(name);
      if (value !== null && !BOOLEAN.test(value)) refuse(400, 'invalidBoolean', `Invalid boolean value for ${name}`);
    }
    for (const name of ['startDate', 'endDate']) {
      const value = query.get(name);
      if (value !== null && (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value)))) {
        refuse(400, 'invalidParameter', `Invalid RFC 3339 value for ${name}`);
      }
    }
    const maxResults = query.get('maxResults');
    if (maxResults !== null && !/^\d+$/.test(maxResults)) refuse(400, 'invalidParameter', 'Invalid value for maxResults');
    const orderBy = query.get('orderBy');
    if (orderBy !== null && !['published', 'updated'].includes(orderBy.toLowerCase())) refuse(400, 'invalidParameter', 'Invalid value for orderBy');
  }

  /** The bearer token's scopes; refuses a missing, unknown or expired token as Google does (401 with a challenge). */
  function authorise(request: http.IncomingMessage, needsWrite: boolean): void {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!token) refuse(401, 'required', 'Login Required.', { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' });
    if (token !== tokens.valid && token !== tokens.readOnly) {
      refuse(401, 'authError', 'Invalid Credentials', { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' });
    }
    if (needsWrite && token === tokens.readOnly) {
      refuse(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', {
        'www-authenticate': `Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="${BLOGGER_SCOPE}"`,
      });
    }
  }

  function blogOf(blogId: string | undefined): BloggerStandInBlog {
    const blog = blogs.find((candidate) => candidate.id === blogId);
    if (!blog) refuse(404, 'notFound', 'Blog not found');
    return blog!;
  }

  function postOf(blogId: string, postId: string | undefined): BloggerStandInPost {
    const post = standIn.posts.find((candidate) => candidate.blogId === blogId && candidate.id === postId);
    if (!post) refuse(404, 'notFound', 'Not Found');
    return post!;
  }

  function jsonBody(request: http.IncomingMessage, text: string): Record<string, unknown> {
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) refuse(400, 'parseError', 'The request body must be JSON (Content-Type: application/json)');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(400, 'parseError', 'Parse Error');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) refuse(400, 'parseError', 'The request body must be a Posts resource');
    const fields = body as Record<string, unknown>;
    for (const name of Object.keys(fields)) if (!POST_FIELDS.has(name)) refuse(400, 'invalid', `Invalid JSON payload received. Unknown name "${name}"`);
    for (const name of ['title', 'content']) if (fields[name] !== undefined && typeof fields[name] !== 'string') refuse(400, 'invalid', `Invalid value for ${name}`);
    if (fields.kind !== undefined && fields.kind !== 'blogger#post') refuse(400, 'invalid', 'Invalid value for kind');
    if (fields.labels !== undefined && (!Array.isArray(fields.labels) || fields.labels.some((label) => typeof label !== 'string'))) refuse(400, 'invalid', 'Invalid value for labels');
    return fields;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const body = await readRequestBody(request);
    const override = request.headers['x-http-method-override'];
    const effectiveMethod = request.method === 'POST' && typeof override === 'string' ? override.toUpperCase() : request.method ?? 'GET';
    const recorded: RecordedRequest = { method: request.method ?? 'GET', effectiveMethod, path: url.pathname, query: url.searchParams, headers: request.headers, body };
    standIn.requests.push(recorded);
    const route = url.pathname.replace(/^\/blogger\/v3/, '');
    if (route === url.pathname) refuse(404, 'notFound', 'Not Found');
    const fields = url.searchParams.get('fields');

    if (route === '/blogs/byurl' && effectiveMethod === 'GET') {
      checkQuery(url.searchParams, 'blogs.getByUrl');
      authorise(request, false);
      const asked = url.searchParams.get('url');
      if (!asked) refuse(400, 'required', 'Required parameter: url');
      const key = (address: string) => address.replace(/^https?:\/\//i, '').replace(/\/+$/, '').toLowerCase();
      const blog = blogs.find((candidate) => key(candidate.url) === key(asked!));
      if (!blog) refuse(404, 'notFound', 'Blog not found');
      return sendJson(response, 200, selectFields({
        kind: 'blogger#blog', id: blog!.id, name: 'A garden blog', description: '', published: rfc3339(Date.UTC(2020, 0, 1)), updated: rfc3339(Date.now()),
        url: blog!.url, selfLink: `${base}/blogger/v3/blogs/${blog!.id}`,
        posts: { totalItems: standIn.posts.filter((post) => post.blogId === blog!.id).length, selfLink: `${base}/blogger/v3/blogs/${blog!.id}/posts` },
      }, fields));
    }

    const posts = /^\/blogs\/([^/]+)\/posts\/?$/.exec(route);
    if (posts && effectiveMethod === 'POST') {
      checkQuery(url.searchParams, 'posts.insert');
      authorise(request, true);
      const blog = blogOf(decodeURIComponent(posts[1]!));
      const input = jsonBody(request, body);
      const given = input.blog as { id?: unknown } | undefined;
      if (given !== undefined && (typeof given !== 'object' || given === null || given.id !== blog.id)) refuse(400, 'invalid', 'The blog id of the post does not match the request');
      const failure = standIn.insertErrors.shift();
      if (failure) refuse(failure.status, failure.reason, failure.message, failure.headers);
      if (typeof input.content !== 'string' || input.content.trim() === '') refuse(400, 'required', 'Required: content');
      const post = store(blog.id, typeof input.title === 'string' ? input.title : '', input.content as string, (input.labels as string[] | undefined) ?? [], Date.now());
      if (url.searchParams.get('isDraft') === 'true') post.status = 'DRAFT';
      if (standIn.dropNextInsertAnswer) {
        standIn.dropNextInsertAnswer = false;
        request.socket.destroy();
        return;
      }
      if (standIn.stallNextInsert) {
        standIn.stallNextInsert = false;
        return;
      }
      return sendJson(response, 200, selectFields(resource(post, url.searchParams.get('fetchBody') !== 'false'), fields));
    }
    if (posts && effectiveMethod === 'GET') {
      checkQuery(url.searchParams, 'posts.list');
      authorise(request, false);
      const blog = blogOf(decodeURIComponent(posts[1]!));
      const start = url.searchParams.get('startDate');
      const end = url.searchParams.get('endDate');
      const statuses = url.searchParams.getAll('status').map((status) => status.toUpperCase());
      const matching = standIn.posts
        .filter((post) => post.blogId === blog.id && (statuses.length ? statuses.includes(post.status) : post.status === 'LIVE'))
        .filter((post) => (start === null || post.publishedMs >= Date.parse(start)) && (end === null || post.publishedMs <= Date.parse(end)))
        .sort((a, b) => (url.searchParams.get('orderBy')?.toLowerCase() === 'updated' ? b.updatedMs - a.updatedMs : b.publishedMs - a.publishedMs));
      const size = Math.min(500, Number(url.searchParams.get('maxResults') ?? '20'));
      const offset = Number(Buffer.from(url.searchParams.get('pageToken') ?? '', 'base64url').toString() || '0');
      const page = matching.slice(offset, offset + size);
      const withBodies = url.searchParams.get('fetchBodies') !== 'false';
      return sendJson(response, 200, selectFields({
        kind: 'blogger#postList',
        items: page.map((post) => resource(post, withBodies)),
        ...(offset + size < matching.length ? { nextPageToken: Buffer.from(String(offset + size)).toString('base64url') } : {}),
      }, fields));
    }

    const one = /^\/blogs\/([^/]+)\/posts\/([^/]+)$/.exec(route);
    if (one && effectiveMethod === 'GET') {
      checkQuery(url.searchParams, 'posts.get');
      authorise(request, false);
      const blog = blogOf(decodeURIComponent(one[1]!));
      const post = postOf(blog.id, decodeURIComponent(one[2]!));
      return sendJson(response, 200, selectFields(resource(post, url.searchParams.get('fetchBody') !== 'false'), fields));
    }
    if (one && effectiveMethod === 'PATCH') {
      checkQuery(url.searchParams, 'posts.patch');
      authorise(request, true);
      const blog = blogOf(decodeURIComponent(one[1]!));
      const post = postOf(blog.id, decodeURIComponent(one[2]!));
      const input = jsonBody(request, body);
      if (typeof input.title === 'string') post.title = input.title;
      if (typeof input.content === 'string') post.content = input.content;
      if (Array.isArray(input.labels)) post.labels = input.labels as string[];
      post.updatedMs = Date.now();
      return sendJson(response, 200, selectFields(resource(post, url.searchParams.get('fetchBody') !== 'false'), fields));
    }
    refuse(404, 'notFound', 'Not Found');
  }

  let base = '';
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || request.socket.destroyed) return;
      if (error instanceof Refusal) return sendJson(response, error.error.status, googleErrorBody(error.error), error.error.headers);
      sendJson(response, 500, googleErrorBody({ status: 500, reason: 'backendError', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    apiBase: `${base}/blogger/v3`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
