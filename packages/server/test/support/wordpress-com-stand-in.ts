/**
 * A local stand-in for the WordPress.com REST API v1.1, written from its published reference
 * (https://developer.wordpress.com/docs/api/): `POST /sites/$site/posts/new` (title, content,
 * status, tags … as form fields or JSON), `GET /sites/$site/posts/` (number ≤ 100, page, order,
 * order_by, after, before, search, status, fields, context), `GET /sites/$site/posts/$post_ID` and
 * `POST /sites/$site/posts/$post_ID`. Each request is checked against the parameters the method
 * documents and its OAuth 2.0 bearer token; answers are post objects (ID, site_ID, author, date,
 * modified, title, URL, short_URL, content, slug, status, tags, …) with the `fields` partial
 * response, the display context rendering titles and content as WordPress does (texturised
 * entities) and the edit context giving them raw; refusals are `{ "error": code, "message": text }`
 * with the status the API gives them. Every request is recorded for the tests to read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export interface WordPressComStandInPost {
  ID: number;
  site: string;
  title: string;
  content: string;
  status: string;
  tags: string[];
  /** When it was made (UTC ms). */
  dateMs: number;
  slug: string;
  URL: string;
}

export interface WordPressComRecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's fields (form or JSON), as strings or string lists. */
  fields: Record<string, unknown>;
}

export interface WordPressComError {
  status: number;
  error: string;
  message: string;
  headers?: Record<string, string>;
}

export interface WordPressComStandIn {
  /** The API base the connector is pointed at (`…/rest/v1.1`). */
  apiBase: string;
  /** The site the tokens are for (its domain). */
  site: string;
  posts: WordPressComStandInPost[];
  requests: WordPressComRecordedRequest[];
  /**
   * Tokens: `valid` (an author's, authorised for the site), `contributor` (an account that may not
   * publish), `otherSite` (authorised for another site), `revoked`.
   */
  tokens: { valid: string; contributor: string; otherSite: string; revoked: string };
  /** The next posts/new is stored, then the connection is dropped without an answer (a lost answer). */
  dropNextCreateAnswer: boolean;
  /** Errors the next posts/new calls answer, in order (nothing is stored). */
  createErrors: WordPressComError[];
  /** Searches find nothing (a search index behind): look-ups must do without them. */
  searchIndexBehind: boolean;
  createRequests(): WordPressComRecordedRequest[];
  close(): Promise<void>;
}

const SYSTEM_QUERY = ['context', 'http_envelope', 'pretty', 'meta', 'fields', 'callback'];
const LIST_QUERY = ['number', 'offset', 'page', 'page_handle', 'order', 'order_by', 'after', 'before', 'modified_after', 'modified_before', 'tag', 'category', 'term', 'type', 'parent_id', 'exclude', 'exclude_tree', 'status', 'sticky', 'author', 'search'];
/** The request parameters posts/new and posts/$post_ID document. */
const POST_FIELDS = [
  'date', 'title', 'content', 'excerpt', 'slug', 'author', 'publicize', 'publicize_message', 'status', 'sticky', 'password', 'parent', 'type', 'terms',
  'categories', 'tags', 'format', 'featured_image', 'media', 'media_urls', 'metadata', 'discussion', 'likes_enabled', 'sharing_enabled', 'menu_order',
  'page_template', 'comments_open', 'pings_open',
];
const STATUSES = ['publish', 'private', 'draft', 'pending', 'future', 'auto-draft'];

class Refusal extends Error {
  constructor(readonly answer: WordPressComError) {
    super(answer.message);
  }
}

const refuse = (status: number, error: string, message: string): never => {
  throw new Refusal({ status, error, message });
};

function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** WordPress's display of a title or text: `&` as `&#038;`, straight quotes as curly ones (wptexturize). */
function texturize(text: string): string {
  return text.replace(/&(?![a-z#0-9]+;)/gi, '&#038;').replace(/'/g, '&#8217;');
}

/** The entities WordPress stores a title's special characters as (the edit context's raw title). */
function storedTitle(title: string): string {
  return title.replace(/&(?![a-z#0-9]+;)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function pickFields(post: Record<string, unknown>, fields: string | null): Record<string, unknown> {
  if (!fields) return post;
  const wanted = fields.split(',').map((field) => field.trim());
  return Object.fromEntries(Object.entries(post).filter(([name]) => wanted.includes(name)));
}

export async function startWordPressComStandIn(site = 'first-garden.wordpress.com'): Promise<WordPressComStandIn> {
  let nextId = 40;
  const tokens = { valid: 'wpcom-author-token-for-site', contributor: 'wpcom-contributor-token', otherSite: 'wpcom-token-for-another-site', revoked: 'wpcom-revoked-token' };
  const standIn: Omit<WordPressComStandIn, 'apiBase' | 'close'> = {
    site,
    posts: [],
    requests: [],
    tokens,
    dropNextCreateAnswer: false,
    createErrors: [],
    searchIndexBehind: false,
    createRequests: () => standIn.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/posts/new')),
  };

  function postObject(post: WordPressComStandInPost, context: string): Record<string, unknown> {
    const edit = context === 'edit';
    const iso = new Date(post.dateMs).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    return {
      ID: post.ID, site_ID: 82974409,
      author: { ID: 7, login: 'gardener', name: 'Gardener', URL: `https://${site}` },
      date: iso, modified: iso,
      title: edit ? post.title : texturize(post.title),
      URL: post.URL, short_URL: `https://wp.me/p5Ekn7-${post.ID.toString(36)}`,
      content: edit ? post.content : `${texturize(post.content)}\n`,
      excerpt: '', slug: post.slug, guid: `https://${site}/?p=${post.ID}`, status: post.status, sticky: false, password: '', parent: false, type: 'post',
      tags: Object.fromEntries(post.tags.map((tag) => [tag, { name: tag, slug: tag.toLowerCase().replace(/\s+/g, '-'), post_count: 1 }])),
      categories: { Uncategorized: { name: 'Uncategorized', slug: 'uncategorized' } },
      meta: { links: { self: `${base}/rest/v1.1/sites/82974409/posts/${post.ID}` } },
    };
  }

  function authorise(request: http.IncomingMessage, write: boolean): void {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) refuse(403, 'authorization_required', 'An active access token must be used to query information about the current user.');
    if (token === tokens.revoked || !Object.values(tokens).includes(token!)) refuse(400, 'invalid_token', 'The OAuth2 token is invalid.');
    if (token === tokens.otherSite) refuse(403, 'unauthorized', 'User cannot access this private blog.');
    if (write && token === tokens.contributor) refuse(403, 'unauthorized', 'User cannot publish posts');
  }

  function checkQuery(query: URLSearchParams, extra: string[]): void {
    for (const name of query.keys()) if (![...SYSTEM_QUERY, ...extra].includes(name)) refuse(400, 'invalid_input', `Unknown query parameter ${name}`);
    const context = query.get('context');
    if (context !== null && !['display', 'edit'].includes(context)) refuse(400, 'invalid_input', 'Invalid context');
  }

  function bodyFields(request: http.IncomingMessage, body: string): Record<string, unknown> {
    const type = request.headers['content-type'] ?? '';
    let fields: Record<string, unknown>;
    if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
      fields = {};
      for (const [name, value] of new URLSearchParams(body)) {
        const list = /^(.*)\[\]$/.exec(name);
        if (list) fields[list[1]!] = [...((fields[list[1]!] as string[] | undefined) ?? []), value];
        else if (name in fields) refuse(400, 'invalid_input', `Duplicated parameter ${name}`);
        else fields[name] = value;
      }
    } else if (/^application\/json\b/i.test(type)) {
      const parsed = JSON.parse(body) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse(400, 'invalid_input', 'Invalid request body');
      fields = parsed as Record<string, unknown>;
    } else return refuse(400, 'invalid_input', 'Unsupported Content-Type');
    for (const name of Object.keys(fields)) if (!POST_FIELDS.includes(name)) refuse(400, 'invalid_input', `Invalid parameter ${name}`);
    for (const name of ['title', 'content', 'status']) if (fields[name] !== undefined && typeof fields[name] !== 'string') refuse(400, 'invalid_input', `Invalid ${name}`);
    if (fields.status !== undefined && !STATUSES.includes(fields.status as string)) refuse(400, 'invalid_input', 'Invalid status');
    return fields;
  }

  const tagsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : []).map((tag) => tag.trim()).filter(Boolean);

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const body = await readRequestBody(request);
    const recorded: WordPressComRecordedRequest = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body, fields: {} };
    standIn.requests.push(recorded);
    const route = /^\/rest\/v1\.1\/sites\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!route) refuse(404, 'unknown_endpoint', 'Unknown endpoint');
    const asked = decodeURIComponent(route![1]!).toLowerCase();
    const path = route![2]!;
    const context = url.searchParams.get('context') ?? 'display';
    const fields = url.searchParams.get('fields');

    if (path === '/posts/new' && request.method === 'POST') {
      checkQuery(url.searchParams, []);
      authorise(request, true);
      if (asked !== site) refuse(404, 'unknown_blog', 'Unknown blog');
      recorded.fields = bodyFields(request, body);
      const failure = standIn.createErrors.shift();
      if (failure) throw new Refusal(failure);
      const input = recorded.fields;
      if (typeof input.content !== 'string' && typeof input.title !== 'string') refuse(400, 'invalid_input', 'Content, title, and excerpt are empty.');
      nextId += 1;
      const now = Date.now();
      const title = storedTitle(typeof input.title === 'string' ? input.title : '');
      const slug = (typeof input.slug === 'string' && input.slug) || title.toLowerCase().replace(/&[a-z#0-9]+;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || String(nextId);
      const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '/');
      const post: WordPressComStandInPost = {
        ID: nextId, site, title, content: typeof input.content === 'string' ? input.content : '', status: (input.status as string | undefined) ?? 'publish',
        tags: tagsOf(input.tags), dateMs: now, slug, URL: `https://${site}/${day}/${slug}/`,
      };
      standIn.posts.push(post);
      if (standIn.dropNextCreateAnswer) {
        standIn.dropNextCreateAnswer = false;
        request.socket.destroy();
        return;
      }
      return send(response, 200, pickFields(postObject(post, context), fields));
    }

    if (/^\/posts\/?$/.test(path) && request.method === 'GET') {
      checkQuery(url.searchParams, LIST_QUERY);
      authorise(request, false);
      if (asked !== site) refuse(404, 'unknown_blog', 'Unknown blog');
      const number = Number(url.searchParams.get('number') ?? '20');
      const page = Number(url.searchParams.get('page') ?? '1');
      if (!Number.isInteger(number) || number < 1 || number > 100 || !Number.isInteger(page) || page < 1) refuse(400, 'invalid_input', 'Invalid number or page');
      const statuses = (url.searchParams.get('status') ?? 'publish').split(',');
      for (const status of statuses) if (![...STATUSES, 'trash', 'any'].includes(status)) refuse(400, 'invalid_input', 'Invalid status');
      const after = url.searchParams.get('after');
      const before = url.searchParams.get('before');
      for (const date of [after, before]) if (date !== null && Number.isNaN(Date.parse(date))) refuse(400, 'invalid_input', 'Invalid date');
      const orderBy = url.searchParams.get('order_by') ?? 'date';
      if (!['date', 'modified', 'title', 'comment_count', 'ID'].includes(orderBy)) refuse(400, 'invalid_input', 'Invalid order_by');
      const order = url.searchParams.get('order') ?? 'DESC';
      if (!['ASC', 'DESC'].includes(order)) refuse(400, 'invalid_input', 'Invalid order');
      const search = url.searchParams.get('search');
      // WordPress searches each word of the query in the title and the content.
      const terms = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const matching = standIn.posts
        .filter((post) => statuses.includes('any') ? post.status !== 'trash' : statuses.includes(post.status))
        .filter((post) => (after === null || post.dateMs > Date.parse(after)) && (before === null || post.dateMs < Date.parse(before)))
        .filter((post) => search === null || (!standIn.searchIndexBehind && terms.every((term) => `${post.title} ${post.content}`.toLowerCase().includes(term))))
        .sort((a, b) => (order === 'ASC' ? a.dateMs - b.dateMs || a.ID - b.ID : b.dateMs - a.dateMs || b.ID - a.ID));
      return send(response, 200, {
        found: matching.length,
        posts: matching.slice((page - 1) * number, page * number).map((post) => pickFields(postObject(post, context), fields)),
        meta: { links: { counts: `${base}/rest/v1.1/sites/82974409/post-counts/post` } },
      });
    }

    const one = /^\/posts\/(\d+)\/?$/.exec(path);
    if (one && (request.method === 'GET' || request.method === 'POST')) {
      checkQuery(url.searchParams, []);
      authorise(request, request.method === 'POST');
      if (asked !== site) refuse(404, 'unknown_blog', 'Unknown blog');
      const post = standIn.posts.find((candidate) => candidate.ID === Number(one[1]));
      if (!post) refuse(404, 'unknown_post', 'Unknown post');
      if (request.method === 'POST') {
        recorded.fields = bodyFields(request, body);
        const input = recorded.fields;
        if (typeof input.title === 'string') post!.title = storedTitle(input.title);
        if (typeof input.content === 'string') post!.content = input.content;
        if (typeof input.status === 'string') post!.status = input.status;
        if (input.tags !== undefined) post!.tags = tagsOf(input.tags);
      }
      return send(response, 200, pickFields(postObject(post!, context), fields));
    }
    refuse(404, 'unknown_endpoint', 'Unknown endpoint');
  }

  let base = '';
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || request.socket.destroyed) return;
      if (error instanceof Refusal) return send(response, error.answer.status, { error: error.answer.error, message: error.answer.message }, error.answer.headers);
      send(response, 500, { error: 'internal_error', message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    apiBase: `${base}/rest/v1.1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
