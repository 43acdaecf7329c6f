/**
 * A local stand-in for the Tumblr API v2, written from Tumblr's published API documentation
 * (https://github.com/tumblr/docs/blob/master/api.md) and RFC 5849 (OAuth 1.0): `POST
 * /v2/blog/{blog-identifier}/post` (legacy text post: type, state, format, tags, title, body),
 * `GET /v2/blog/{blog-identifier}/posts[/type]` (api_key, id, limit 1–20, offset, filter) and `POST
 * /v2/blog/{blog-identifier}/post/edit` (id). Every request must carry an OAuth 1.0a `Authorization`
 * header signed with HMAC-SHA1: the stand-in recomputes the signature itself per RFC 5849 section
 * 3.4 (its own encoding and normalisation, not the connector's), from the method, the base string
 * URI of the request it received, the query, the form body and the protocol parameters, with the
 * secrets of the app and the account it knows; a wrong signature, an unknown key or token, a reused
 * nonce or a stale timestamp answers 401. Answers and errors have the documented envelope
 * (`meta.status`, `meta.msg`, `response`, `errors[].title/code`); post ids are 64-bit numbers, written
 * in the JSON as bare digits (with `id_string` where the docs show it).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export interface TumblrStandInPost {
  id: string;
  blog: string;
  title: string;
  body: string;
  tags: string[];
  format: string;
  state: string;
  /** Seconds since the epoch, as Tumblr's `timestamp`. */
  timestamp: number;
  slug: string;
}

export interface TumblrApp {
  consumerKey: string;
  consumerSecret: string;
}

export interface TumblrAccount {
  token: string;
  tokenSecret: string;
  /** Blog identifiers (hostnames) the account may post on. */
  blogs: string[];
}

export interface TumblrRecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The form body's parameters, when form-encoded. */
  form: Array<[string, string]>;
  /** The OAuth protocol parameters of the Authorization header (decoded). */
  oauth: Record<string, string>;
  /** The signature base string the stand-in computed for the request. */
  baseString: string;
  /** Whether the signature matched the stand-in's own computation. */
  signatureValid: boolean;
}

export interface TumblrError {
  status: number;
  msg: string;
  code?: number;
  title?: string;
  headers?: Record<string, string>;
}

export interface TumblrStandIn {
  /** The API base the connector is pointed at (`…/v2`). */
  apiBase: string;
  app: TumblrApp;
  /** The blog's account; `other` owns another blog only. */
  accounts: { owner: TumblrAccount; other: TumblrAccount };
  posts: TumblrStandInPost[];
  requests: TumblrRecordedRequest[];
  /** The next `/post` is stored, then the connection is dropped without an answer (a lost answer). */
  dropNextCreateAnswer: boolean;
  /** Errors the next `/post` calls answer, in order (nothing is stored). */
  createErrors: TumblrError[];
  createRequests(): TumblrRecordedRequest[];
  /** The password a connector target uses for an account: the four OAuth values. */
  passwordOf(account: TumblrAccount): string;
  close(): Promise<void>;
}

const MSG: Record<number, string> = { 200: 'OK', 201: 'Created', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Limit Exceeded' };

class Refusal extends Error {
  constructor(readonly error: TumblrError) {
    super(error.msg);
  }
}

const refuse = (status: number, title?: string, code?: number, headers?: Record<string, string>): never => {
  throw new Refusal({ status, msg: MSG[status] ?? 'Error', ...(title ? { title } : {}), ...(code === undefined ? {} : { code }), ...(headers ? { headers } : {}) });
};

/** JSON with the named 64-bit ids written as bare digits, as Tumblr writes `id`. */
function jsonWithBareIds(body: unknown): string {
  return JSON.stringify(body).replace(/"id":"(\d+)"/g, '"id":$1');
}

function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(jsonWithBareIds(body));
}

// --- RFC 5849, computed the stand-in's own way ------------------------------------------------

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Section 3.6: each UTF-8 byte outside the unreserved set as %XX, upper-case hex. */
function rfcEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Section 3.4.1.3.1: a form-encoded string's pairs, `+` read as a space. */
function formPairs(text: string): Array<[string, string]> {
  if (!text) return [];
  return text.split('&').map((pair) => {
    const [name = '', ...rest] = pair.split('=');
    const decode = (part: string) => decodeURIComponent(part.split('+').join(' '));
    return [decode(name), decode(rest.join('='))];
  });
}

/** Section 3.5.1: the Authorization header's parameters, decoded, `realm` left out. */
function headerParameters(header: string): Array<[string, string]> {
  const match = /^OAuth\s+(.*)$/is.exec(header);
  if (!match) return refuse(401, 'Unauthorized');
  const params: Array<[string, string]> = [];
  for (const part of match[1]!.split(',')) {
    const pair = /^\s*([^=\s]+)\s*=\s*"([^"]*)"\s*$/.exec(part);
    if (!pair) refuse(400, 'Malformed OAuth header');
    const name = decodeURIComponent(pair![1]!);
    if (name === 'realm') continue;
    params.push([name, decodeURIComponent(pair![2]!)]);
  }
  return params;
}

function baseString(method: string, baseUri: string, params: Array<[string, string]>): string {
  const normalised = params
    .map(([name, value]) => `${rfcEncode(name)}=${rfcEncode(value)}`)
    .sort((a, b) => {
      const [nameA = '', valueA = ''] = a.split('=');
      const [nameB = '', valueB = ''] = b.split('=');
      return nameA === nameB ? (valueA < valueB ? -1 : valueA > valueB ? 1 : 0) : nameA < nameB ? -1 : 1;
    })
    .join('&');
  return `${method.toUpperCase()}&${rfcEncode(baseUri)}&${rfcEncode(normalised)}`;
}

// -----------------------------------------------------------------------------------------------

export async function startTumblrStandIn(blogs: string[] = ['first-garden.tumblr.com']): Promise<TumblrStandIn> {
  let nextId = 7_000_000_000_000_000_000n;
  const app: TumblrApp = { consumerKey: 'PyezS3Q4Smivb24d9SzZGYSuhIaMfAkEstandin', consumerSecret: 'consumer-secret-of-the-app' };
  const owner: TumblrAccount = { token: 'owner-access-token', tokenSecret: 'owner-token-secret', blogs };
  const other: TumblrAccount = { token: 'other-access-token', tokenSecret: 'other-token-secret', blogs: ['someone-else.tumblr.com'] };
  const accounts = [owner, other];
  const knownBlogs = new Set([...owner.blogs, ...other.blogs]);
  const nonces = new Set<string>();

  const standIn: Omit<TumblrStandIn, 'apiBase' | 'close'> = {
    app,
    accounts: { owner, other },
    posts: [],
    requests: [],
    dropNextCreateAnswer: false,
    createErrors: [],
    createRequests: () => standIn.requests.filter((request) => request.method === 'POST' && /\/post$/.test(request.path)),
    passwordOf: (account) => [app.consumerKey, app.consumerSecret, account.token, account.tokenSecret].join(':'),
  };

  /** Verifies the request's OAuth 1.0a signature; answers the account it was made for. */
  function authenticate(recorded: TumblrRecordedRequest, request: http.IncomingMessage, rawQuery: string): TumblrAccount {
    const protocol = headerParameters(request.headers.authorization ?? '');
    const names = protocol.map(([name]) => name);
    if (new Set(names).size !== names.length) refuse(400, 'Duplicated OAuth parameter');
    const oauth = Object.fromEntries(protocol);
    recorded.oauth = oauth;
    for (const required of ['oauth_consumer_key', 'oauth_token', 'oauth_signature_method', 'oauth_timestamp', 'oauth_nonce', 'oauth_signature']) {
      if (!oauth[required]) refuse(400, `Missing ${required}`);
    }
    if (oauth.oauth_signature_method !== 'HMAC-SHA1') refuse(400, 'Only HMAC-SHA1 is supported');
    if (oauth.oauth_version !== undefined && oauth.oauth_version !== '1.0') refuse(400, 'Unsupported oauth_version');
    const queryAndBody = [...formPairs(rawQuery), ...recorded.form];
    if (queryAndBody.some(([name]) => name.startsWith('oauth_'))) refuse(400, 'OAuth parameters belong in the Authorization header');
    const signed = [...protocol.filter(([name]) => name !== 'oauth_signature'), ...queryAndBody];
    // Section 3.4.1.2: the Host header's authority and the path as the request line spells it.
    const baseUri = `http://${(request.headers.host ?? '').toLowerCase()}${(request.url ?? '/').split('?')[0]}`;
    recorded.baseString = baseString(request.method ?? 'GET', baseUri, signed);
    if (oauth.oauth_consumer_key !== app.consumerKey) refuse(401, 'Unauthorized');
    const account = accounts.find((candidate) => candidate.token === oauth.oauth_token);
    if (!account) refuse(401, 'Unauthorized');
    const expected = createHmac('sha1', `${rfcEncode(app.consumerSecret)}&${rfcEncode(account!.tokenSecret)}`).update(recorded.baseString).digest();
    const given = Buffer.from(oauth.oauth_signature!, 'base64');
    recorded.signatureValid = given.length === expected.length && timingSafeEqual(given, expected);
    if (!recorded.signatureValid) refuse(401, 'Unauthorized');
    const timestamp = Number(oauth.oauth_timestamp);
    if (!/^\d+$/.test(oauth.oauth_timestamp!) || Math.abs(timestamp - Date.now() / 1000) > 300) refuse(401, 'Unauthorized');
    const nonce = `${oauth.oauth_timestamp}:${oauth.oauth_token}:${oauth.oauth_nonce}`;
    if (nonces.has(nonce)) refuse(401, 'Unauthorized');
    nonces.add(nonce);
    return account!;
  }

  function blogOf(identifier: string): string {
    const blog = identifier.toLowerCase();
    if (!knownBlogs.has(blog)) refuse(404, 'Not Found');
    return blog;
  }

  function asLegacy(post: TumblrStandInPost, raw: boolean): Record<string, unknown> {
    const date = new Date(post.timestamp * 1000).toISOString();
    return {
      blog_name: post.blog.split('.')[0],
      id: post.id,
      id_string: post.id,
      post_url: `https://${post.blog}/post/${post.id}/${post.slug}`,
      type: 'text',
      date: `${date.slice(0, 10)} ${date.slice(11, 19)} GMT`,
      timestamp: post.timestamp,
      state: post.state,
      format: post.format,
      reblog_key: 'b0baQtsl',
      tags: post.tags,
      note_count: 0,
      title: post.title,
      // Without filter=raw, Tumblr serves the body as it renders it; the stand-in's rendering adds a paragraph of its own.
      body: raw ? post.body : `${post.body}\n<p class="tumblr-rendered"></p>`,
    };
  }

  const COMMON = ['type', 'state', 'tags', 'tweet', 'date', 'format', 'slug', 'native_inline_images'];
  const TEXT = ['title', 'body'];

  function checkForm(form: Array<[string, string]>, allowed: string[]): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [name, value] of form) {
      if (!allowed.includes(name)) refuse(400, `Unknown parameter ${name}`);
      if (name in fields) refuse(400, `Duplicated parameter ${name}`);
      fields[name] = value;
    }
    if ((fields.type ?? 'text') !== 'text') refuse(400, 'Only text posts are supported here');
    if (fields.format !== undefined && !['html', 'markdown'].includes(fields.format)) refuse(400, 'Unsupported format');
    if (fields.state !== undefined && !['published', 'draft', 'queue', 'private'].includes(fields.state)) refuse(400, 'Unsupported state');
    return fields;
  }

  const splitTags = (tags: string | undefined) => (tags ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const rawQuery = (request.url ?? '').split('?')[1] ?? '';
    const body = await readRequestBody(request);
    const form = /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '') ? formPairs(body) : [];
    const recorded: TumblrRecordedRequest = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body, form, oauth: {}, baseString: '', signatureValid: false };
    standIn.requests.push(recorded);
    if (!request.headers['user-agent']) refuse(400, 'A User-Agent header is required');
    const route = /^\/v2\/blog\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!route) refuse(404, 'Not Found');
    const account = authenticate(recorded, request, rawQuery);
    const blog = blogOf(decodeURIComponent(route![1]!));
    const path = route![2]!;
    const mayPost = () => {
      if (!account.blogs.includes(blog)) refuse(403, 'Forbidden');
    };

    if (path === '/post' && request.method === 'POST') {
      if (form.length === 0) refuse(400, 'The body parameters must be form-encoded');
      const fields = checkForm(form, [...COMMON, ...TEXT]);
      mayPost();
      const failure = standIn.createErrors.shift();
      if (failure) throw new Refusal(failure);
      if (!fields.body) refuse(400, 'Post body is required');
      nextId += 1n;
      const title = fields.title ?? '';
      const post: TumblrStandInPost = {
        id: String(nextId), blog, title, body: fields.body!, tags: splitTags(fields.tags), format: fields.format ?? 'html', state: fields.state ?? 'published',
        timestamp: Math.floor(Date.now() / 1000), slug: fields.slug ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
      };
      standIn.posts.push(post);
      if (standIn.dropNextCreateAnswer) {
        standIn.dropNextCreateAnswer = false;
        request.socket.destroy();
        return;
      }
      // The legacy route answers the new post's id (a bare 64-bit number).
      return send(response, 201, { meta: { status: 201, msg: 'Created' }, response: { id: post.id } });
    }

    if (path === '/post/edit' && request.method === 'POST') {
      if (form.length === 0) refuse(400, 'The body parameters must be form-encoded');
      const fields = checkForm(form, [...COMMON, ...TEXT, 'id']);
      mayPost();
      const post = standIn.posts.find((candidate) => candidate.blog === blog && candidate.id === fields.id);
      if (!post) refuse(404, 'Not Found');
      if (fields.title !== undefined) post!.title = fields.title;
      if (fields.body !== undefined) post!.body = fields.body;
      if (fields.tags !== undefined) post!.tags = splitTags(fields.tags);
      if (fields.format !== undefined) post!.format = fields.format;
      if (fields.state !== undefined) post!.state = fields.state;
      return send(response, 200, { meta: { status: 200, msg: 'OK' }, response: { id: post!.id } });
    }

    const listing = /^\/posts(?:\/(text|quote|link|answer|video|audio|photo|chat))?$/.exec(path);
    if (listing && request.method === 'GET') {
      const allowed = ['api_key', 'type', 'id', 'tag', 'limit', 'offset', 'reblog_info', 'notes_info', 'filter', 'before', 'npf'];
      for (const name of url.searchParams.keys()) if (!allowed.includes(name)) refuse(400, `Unknown parameter ${name}`);
      if (url.searchParams.get('api_key') !== app.consumerKey) refuse(401, 'Unauthorized');
      const limit = Number(url.searchParams.get('limit') ?? '20');
      const offset = Number(url.searchParams.get('offset') ?? '0');
      if (!Number.isInteger(limit) || limit < 1 || limit > 20 || !Number.isInteger(offset) || offset < 0) refuse(400, 'Bad Request');
      const filter = url.searchParams.get('filter');
      if (filter !== null && !['text', 'raw'].includes(filter)) refuse(400, 'Bad Request');
      const type = listing[1] ?? url.searchParams.get('type');
      const id = url.searchParams.get('id');
      let posts = standIn.posts.filter((post) => post.blog === blog && post.state === 'published' && (type === null || type === 'text'));
      if (id !== null) {
        posts = posts.filter((post) => post.id === id);
        if (posts.length === 0) refuse(404, 'Not Found');
      }
      posts = [...posts].sort((a, b) => b.timestamp - a.timestamp || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      return send(response, 200, {
        meta: { status: 200, msg: 'OK' },
        response: {
          blog: { name: blog.split('.')[0], title: 'A garden blog', url: `https://${blog}/`, posts: posts.length, updated: Math.floor(Date.now() / 1000) },
          posts: posts.slice(offset, offset + limit).map((post) => asLegacy(post, filter === 'raw')),
          total_posts: posts.length,
        },
      });
    }
    refuse(404, 'Not Found');
  }

  let base = '';
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || request.socket.destroyed) return;
      if (error instanceof Refusal) {
        const { status, msg, title, code, headers } = error.error;
        return send(response, status, { meta: { status, msg }, response: [], ...(title || code !== undefined ? { errors: [{ title: title ?? msg, ...(code === undefined ? {} : { code }) }] } : {}) }, headers);
      }
      send(response, 500, { meta: { status: 500, msg: 'Internal Server Error' }, response: [], errors: [{ title: String(error) }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    apiBase: `${base}/v2`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
