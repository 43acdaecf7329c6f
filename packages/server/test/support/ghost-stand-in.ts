/**
 * A local stand-in for a Ghost site, written from Ghost's public Admin API documentation
 * (https://ghost.org/docs/admin-api/): what the Ghost connector calls, each request checked field by
 * field against the documented shapes, each answer shaped as the documentation shows it.
 *
 * - Token authentication: `Authorization: Ghost {jwt}`; the JWT's header is `{alg: HS256, typ: JWT,
 *   kid: <key id>}`, its payload `{iat, exp, aud: '/admin/'}` with exp at most 5 minutes after iat,
 *   signed HMAC-SHA256 with the hex-decoded key secret. Anything else: 401 UnauthorizedError.
 * - `GET posts/slug/{slug}/`, `GET posts/{id}/?formats=html`, `GET posts/?filter=slug:[a,b]`;
 *   `POST posts/?source=html` (`posts: [{title, html, status, slug, tags, feature_image…}]`; without
 *   `source=html` Ghost ignores `html`, as here), `PUT posts/{id}/?source=html` with `updated_at`
 *   (409 UpdateCollisionError when the post changed since), `POST images/upload/` (multipart `file`,
 *   `purpose`, `ref`), the public `GET site/`, and each post's public page at `/{slug}/`.
 * - Errors as `{"errors": [{"message", "context", "type", "code"}]}` with the documented statuses.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GhostStandInPost {
  id: string;
  uuid: string;
  title: string;
  slug: string;
  html: string;
  status: string;
  tags: string[];
  featureImage: string | null;
  featureImageAlt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The request body exactly as received (the create). */
  received: unknown;
}

export interface GhostStandInUpload {
  filename: string;
  contentType: string;
  bytes: Buffer;
  purpose: string;
  ref: string;
  url: string;
}

/** A token as the stand-in read it (each request's). */
export interface SeenToken {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  method: string;
  path: string;
}

export interface GhostStandIn {
  url: string;
  /** The Admin API key it accepts (`id:secret`). */
  adminApiKey: string;
  posts: GhostStandInPost[];
  uploads: GhostStandInUpload[];
  /** Every token received (valid ones and refused ones). */
  tokens: SeenToken[];
  /** Every request: `METHOD /path?query`, with its headers. */
  requests: Array<{ line: string; headers: http.IncomingHttpHeaders }>;
  /** The next create is stored, then the connection is dropped without an answer (a lost answer). */
  dropNextCreateAnswer: boolean;
  /** This many next creates answer 429 (TooManyRequestsError, Retry-After) without a post. */
  limitNextCreates: number;
  /** The next PUT finds the post changed by someone else first (its updated_at moves on): 409 once. */
  editBeforeNextUpdate: boolean;
  close(): Promise<void>;
}

const ADMIN = '/ghost/api/admin/';

const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));

const ghostErrors = (response: http.ServerResponse, status: number, type: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  json(response, status, { errors: [{ message, context: null, type, details: null, property: null, help: null, code: null, id: randomBytes(12).toString('hex'), ...extra }] }, headers);

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const objectId = () => randomBytes(12).toString('hex');

/** Fields a post may be created or edited with (the Admin API's writable post fields). */
const WRITABLE = new Set([
  'title', 'slug', 'html', 'lexical', 'mobiledoc', 'status', 'tags', 'authors', 'feature_image', 'feature_image_alt', 'feature_image_caption',
  'featured', 'visibility', 'published_at', 'custom_excerpt', 'canonical_url', 'meta_title', 'meta_description', 'updated_at', 'codeinjection_head', 'codeinjection_foot',
]);

export async function startGhostStandIn(): Promise<GhostStandIn> {
  const keyId = objectId();
  const secret = randomBytes(32);
  let base = '';
  let clock = Date.now();
  /** Ghost's timestamps, each later than the one before (updated_at must change on every save). */
  const now = () => {
    clock = Math.max(clock + 1000, Date.now());
    return new Date(clock).toISOString().replace(/\.\d{3}Z$/, '.000Z');
  };
  const standIn: Omit<GhostStandIn, 'url' | 'close'> = {
    adminApiKey: `${keyId}:${secret.toString('hex')}`,
    posts: [],
    uploads: [],
    tokens: [],
    requests: [],
    dropNextCreateAnswer: false,
    limitNextCreates: 0,
    editBeforeNextUpdate: false,
  };

  /** The documented token check; null when it passes, else the reason (a Ghost error code). */
  function checkToken(request: http.IncomingMessage, path: string): string | null {
    const authorization = request.headers.authorization ?? '';
    const [scheme, token] = authorization.split(' ');
    if (!/^Ghost$/.test(scheme ?? '') || !token) return 'INVALID_AUTH_HEADER';
    const parts = token.split('.');
    if (parts.length !== 3) return 'INVALID_JWT';
    let header: Record<string, unknown>;
    let payload: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
      payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return 'INVALID_JWT';
    }
    standIn.tokens.push({ header, payload, method: request.method ?? '', path });
    if (header.alg !== 'HS256' || header.kid !== keyId) return 'UNKNOWN_ADMIN_API_KEY';
    const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2]!, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'INVALID_JWT';
    const { iat, exp, aud } = payload;
    const seconds = Math.floor(Date.now() / 1000);
    if (aud !== '/admin/' || typeof iat !== 'number' || typeof exp !== 'number') return 'INVALID_JWT';
    if (exp - iat > 5 * 60 || exp <= seconds || iat > seconds + 5) return 'INVALID_JWT';
    return null;
  }

  const postJson = (post: GhostStandInPost, withHtml: boolean) => ({
    id: post.id, uuid: post.uuid, title: post.title, slug: post.slug, ...(withHtml ? { html: post.html } : {}),
    comment_id: post.id, feature_image: post.featureImage, feature_image_alt: post.featureImageAlt, feature_image_caption: null, featured: false,
    status: post.status, visibility: 'public', created_at: post.createdAt, updated_at: post.updatedAt,
    published_at: post.status === 'published' ? post.createdAt : null, custom_excerpt: null, codeinjection_head: null, codeinjection_foot: null,
    custom_template: null, canonical_url: null,
    tags: post.tags.map((name) => ({ id: objectId(), name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), url: `${base}/tag/${name.toLowerCase()}/`, visibility: 'public' })),
    url: `${base}/${post.slug}/`,
  });

  /** Only the `fields` asked for (Ghost's `fields` parameter), else the whole post. */
  const selectFields = (post: Record<string, unknown>, fields: string | null) =>
    fields ? Object.fromEntries(fields.split(',').filter((field) => field in post).map((field) => [field, post[field]])) : post;

  /** Ghost's `?source=html` check of a post body: documented fields only, of the documented types. */
  function validatePost(raw: unknown, creating: boolean): string | null {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'posts[0] must be an object';
    const post = raw as Record<string, unknown>;
    for (const key of Object.keys(post)) if (!WRITABLE.has(key)) return `unknown field ${key}`;
    if (creating && (typeof post.title !== 'string' || post.title.trim() === '')) return 'title is required';
    if (post.title !== undefined && (typeof post.title !== 'string' || post.title.length > 255)) return 'title must be a string of at most 255 characters';
    if (post.html !== undefined && typeof post.html !== 'string') return 'html must be a string';
    if (post.slug !== undefined && (typeof post.slug !== 'string' || post.slug.length > 191)) return 'slug must be a string of at most 191 characters';
    if (post.status !== undefined && !['published', 'draft', 'scheduled'].includes(String(post.status))) return 'status must be published, draft or scheduled';
    if (post.tags !== undefined && (!Array.isArray(post.tags) || !post.tags.every((tag) => typeof tag === 'string' || (tag && typeof tag === 'object' && typeof (tag as { name?: unknown }).name === 'string')))) {
      return 'tags must be names or objects with a name';
    }
    if (post.feature_image !== undefined && post.feature_image !== null && typeof post.feature_image !== 'string') return 'feature_image must be a URL';
    if (!creating && typeof post.updated_at !== 'string') return 'updated_at is required';
    return null;
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      standIn.requests.push({ line: `${request.method} ${url.pathname}${url.search}`, headers: request.headers });
      if (!url.pathname.startsWith(ADMIN)) {
        const page = standIn.posts.find((post) => post.status === 'published' && `/${post.slug}/` === url.pathname);
        if (!page) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><html><head><meta name="generator" content="Ghost 5.130"></head><body><h1>${page.title}</h1>${page.html}</body></html>`);
      }
      const path = url.pathname.slice(ADMIN.length);
      // The one public endpoint: what any visitor may ask the site.
      if (path === 'site/' && request.method === 'GET') return json(response, 200, { site: { title: 'Stand-in', description: null, logo: null, url: `${base}/`, version: '5.130' } });
      const refused = checkToken(request, path);
      if (refused) {
        return ghostErrors(response, 401, 'UnauthorizedError', 'Authorization failed', { code: refused, context: 'Unable to determine the authenticated user or integration.' });
      }
      const body = ['POST', 'PUT'].includes(request.method ?? '') ? await readBody(request) : Buffer.alloc(0);

      if (path === 'images/upload/' && request.method === 'POST') {
        const upload = parseMultipart(request.headers['content-type'] ?? '', body);
        if (!upload || !upload.file) return ghostErrors(response, 422, 'ValidationError', 'Please select an image.');
        if (!['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'].includes(upload.file.contentType)) {
          return ghostErrors(response, 415, 'UnsupportedMediaTypeError', 'Please select a valid image.');
        }
        const stored = { filename: upload.file.filename, contentType: upload.file.contentType, bytes: upload.file.bytes, purpose: upload.fields.purpose ?? 'image', ref: upload.fields.ref ?? '', url: `${base}/content/images/${upload.file.filename}` };
        standIn.uploads.push(stored);
        return json(response, 201, { images: [{ url: stored.url, ref: stored.ref || null }] });
      }

      if (path === 'posts/' && request.method === 'GET') {
        const filter = url.searchParams.get('filter') ?? '';
        const match = /^slug:\[([a-z0-9,-]*)\]$/.exec(filter) ?? /^slug:([a-z0-9-]+)$/.exec(filter);
        if (filter && !match) return ghostErrors(response, 400, 'BadRequestError', 'Error parsing filter');
        const slugs = match ? match[1]!.split(',') : null;
        const found = standIn.posts.filter((post) => !slugs || slugs.includes(post.slug));
        return json(response, 200, {
          posts: found.map((post) => selectFields(postJson(post, (url.searchParams.get('formats') ?? '').includes('html')), url.searchParams.get('fields'))),
          meta: { pagination: { page: 1, limit: 'all', pages: 1, total: found.length, next: null, prev: null } },
        });
      }

      const bySlug = /^posts\/slug\/([^/]+)\/$/.exec(path);
      if (bySlug && request.method === 'GET') {
        const post = standIn.posts.find((candidate) => candidate.slug === decodeURIComponent(bySlug[1]!));
        if (!post) return ghostErrors(response, 404, 'NotFoundError', 'Post not found.');
        return json(response, 200, { posts: [selectFields(postJson(post, (url.searchParams.get('formats') ?? '').includes('html')), url.searchParams.get('fields'))] });
      }

      if (path === 'posts/' && request.method === 'POST') {
        let parsed: { posts?: unknown };
        try {
          parsed = JSON.parse(body.toString('utf8')) as { posts?: unknown };
        } catch {
          return ghostErrors(response, 400, 'BadRequestError', 'Request body is not JSON.');
        }
        if (standIn.limitNextCreates > 0) {
          standIn.limitNextCreates -= 1;
          return ghostErrors(response, 429, 'TooManyRequestsError', 'Too many attempts.', {}, { 'retry-after': '42' });
        }
        if (!Array.isArray(parsed.posts) || parsed.posts.length !== 1) return ghostErrors(response, 422, 'ValidationError', 'Validation (posts) failed');
        const invalid = validatePost(parsed.posts[0], true);
        if (invalid) return ghostErrors(response, 422, 'ValidationError', `Validation failed: ${invalid}.`);
        const input = parsed.posts[0] as { title: string; html?: string; slug?: string; status?: string; tags?: Array<string | { name: string }>; feature_image?: string; feature_image_alt?: string };
        const wanted = input.slug || input.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
        let slug = wanted;
        for (let suffix = 2; standIn.posts.some((post) => post.slug === slug); suffix += 1) slug = `${wanted}-${suffix}`;
        const time = now();
        const post: GhostStandInPost = {
          id: objectId(), uuid: crypto.randomUUID(), title: input.title, slug,
          // Without ?source=html Ghost reads the content from `lexical` and ignores `html`.
          html: url.searchParams.get('source') === 'html' ? (input.html ?? '') : '',
          status: input.status ?? 'draft', tags: (input.tags ?? []).map((tag) => (typeof tag === 'string' ? tag : tag.name)),
          featureImage: input.feature_image ?? null, featureImageAlt: input.feature_image_alt ?? null, createdAt: time, updatedAt: time, received: parsed,
        };
        standIn.posts.push(post);
        if (standIn.dropNextCreateAnswer) {
          standIn.dropNextCreateAnswer = false;
          request.socket.destroy();
          return;
        }
        return json(response, 201, { posts: [postJson(post, true)] });
      }

      const byId = /^posts\/([0-9a-f]{24})\/$/.exec(path);
      if (byId) {
        const post = standIn.posts.find((candidate) => candidate.id === byId[1]);
        if (!post) return ghostErrors(response, 404, 'NotFoundError', 'Post not found.');
        if (request.method === 'GET') return json(response, 200, { posts: [selectFields(postJson(post, (url.searchParams.get('formats') ?? '').includes('html')), url.searchParams.get('fields'))] });
        if (request.method === 'PUT') {
          let parsed: { posts?: unknown };
          try {
            parsed = JSON.parse(body.toString('utf8')) as { posts?: unknown };
          } catch {
            return ghostErrors(response, 400, 'BadRequestError', 'Request body is not JSON.');
          }
          if (!Array.isArray(parsed.posts) || parsed.posts.length !== 1) return ghostErrors(response, 422, 'ValidationError', 'Validation (posts) failed');
          const invalid = validatePost(parsed.posts[0], false);
          if (invalid) return ghostErrors(response, 422, 'ValidationError', `Validation failed: ${invalid}.`);
          if (standIn.editBeforeNextUpdate) {
            standIn.editBeforeNextUpdate = false;
            post.updatedAt = now();
          }
          const edit = parsed.posts[0] as { html?: string; updated_at: string };
          if (edit.updated_at !== post.updatedAt) return ghostErrors(response, 409, 'UpdateCollisionError', 'Saving failed! Someone else is editing this post.', { code: 'UPDATE_COLLISION' });
          if (edit.html !== undefined && url.searchParams.get('source') === 'html') post.html = edit.html;
          post.updatedAt = now();
          return json(response, 200, { posts: [postJson(post, true)] });
        }
      }
      return ghostErrors(response, 404, 'NotFoundError', 'Resource not found');
    })().catch((error: unknown) => ghostErrors(response, 500, 'InternalServerError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    url: base,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

/** A multipart/form-data body's text fields and its one file part, or null when it is not one. */
function parseMultipart(contentType: string, body: Buffer): { fields: Record<string, string>; file?: { filename: string; contentType: string; bytes: Buffer } } | null {
  const boundary = /^multipart\/form-data;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string> = {};
  let file: { filename: string; contentType: string; bytes: Buffer } | undefined;
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) file = { filename, contentType: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim() ?? '', bytes: Buffer.from(content) };
    else fields[name] = content.toString('utf8');
    at = next;
  }
  return { fields, ...(file ? { file } : {}) };
}
