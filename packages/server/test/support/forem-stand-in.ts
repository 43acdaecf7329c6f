/**
 * A local stand-in for a Forem (dev.to), written from the Forem API v1 documentation
 * (https://developers.forem.com/api/v1): what the Forem connector calls, each request checked field
 * by field against the documented request body, each answer shaped as the documented examples.
 *
 * - `api-key` header: the account's key; any other (or none) answers 401 `{"error": "unauthorized",
 *   "status": 401}`. Requests are recorded with their `Accept` header (v1 wants
 *   `application/vnd.forem.api-v1+json`).
 * - `POST /api/articles` with `{"article": {title, body_markdown, published, series, main_image,
 *   canonical_url, description, tags, organization_id}}` (documented fields only; `tags` a string of
 *   at most 4 comma-separated lower-case alphanumeric tags): 201 with the article (id, slug, path,
 *   url, published_at, …), or 422 `{"error": …, "status": 422}`.
 * - `GET /api/articles/me/all?page&per_page`: the account's articles, unpublished first, then
 *   published newest first, with `published`, `published_at` and `body_markdown`.
 * - `GET /api/articles/{id}` (published ones, as any visitor), `PUT /api/articles/{id}` (the owner's).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

export interface ForemStandInArticle {
  id: number;
  title: string;
  slug: string;
  path: string;
  bodyMarkdown: string;
  tags: string[];
  mainImage: string | null;
  published: boolean;
  publishedMs: number | null;
  createdMs: number;
  editedMs: number | null;
  /** The create request's body exactly as received (null for articles added by the test). */
  received: unknown;
}

export interface ForemStandIn {
  url: string;
  apiKey: string;
  username: string;
  articles: ForemStandInArticle[];
  requests: Array<{ line: string; headers: http.IncomingHttpHeaders; body: string }>;
  /** The next create is stored, then the connection is dropped without an answer (a lost answer). */
  dropNextCreateAnswer: boolean;
  /** This many next creates answer 429 with Retry-After, without an article. */
  limitNextCreates: number;
  /** An article of the account made outside the connector (a person's, an older one). */
  addArticle(fields: { title: string; publishedMs: number | null; bodyMarkdown?: string }): ForemStandInArticle;
  close(): Promise<void>;
}

const ARTICLE_FIELDS = new Set(['title', 'body_markdown', 'published', 'series', 'main_image', 'canonical_url', 'description', 'tags', 'organization_id']);

const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  void response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
const foremError = (response: http.ServerResponse, status: number, error: string, headers: Record<string, string> = {}) => json(response, status, { error, status }, headers);

export async function startForemStandIn(): Promise<ForemStandIn> {
  let base = '';
  let nextId = 250;
  const username = 'username383';
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));

  const makeArticle = (fields: { title: string; bodyMarkdown: string; tags: string[]; mainImage: string | null; published: boolean; publishedMs: number | null; received: unknown }): ForemStandInArticle => {
    const slug = `${fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'untitled'}-${randomBytes(2).toString('hex')}`;
    nextId += 1;
    return { id: nextId, title: fields.title, slug, path: `/${username}/${slug}`, bodyMarkdown: fields.bodyMarkdown, tags: fields.tags, mainImage: fields.mainImage, published: fields.published, publishedMs: fields.publishedMs, createdMs: Date.now(), editedMs: null, received: fields.received };
  };

  const standIn: Omit<ForemStandIn, 'url' | 'close'> = {
    apiKey: randomBytes(12).toString('base64url'),
    username,
    articles: [],
    requests: [],
    dropNextCreateAnswer: false,
    limitNextCreates: 0,
    addArticle(fields) {
      const article = makeArticle({ title: fields.title, bodyMarkdown: fields.bodyMarkdown ?? '', tags: [], mainImage: null, published: fields.publishedMs !== null, publishedMs: fields.publishedMs, received: null });
      standIn.articles.push(article);
      return article;
    },
  };

  /** The single-article shape of the documentation (201 of a create, GET /api/articles/{id}). */
  const articleJson = (article: ForemStandInArticle) => ({
    type_of: 'article', id: article.id, title: article.title, description: article.bodyMarkdown.slice(0, 100), readable_publish_date: 'Apr 14',
    slug: article.slug, path: article.path, url: `${base}${article.path}`, comments_count: 0, public_reactions_count: 0, collection_id: null,
    published_timestamp: iso(article.publishedMs), positive_reactions_count: 0, cover_image: article.mainImage, social_image: article.mainImage,
    canonical_url: `${base}${article.path}`, created_at: iso(article.createdMs), edited_at: iso(article.editedMs), crossposted_at: null,
    published_at: iso(article.publishedMs), last_comment_at: iso(article.publishedMs), reading_time_minutes: 1,
    tag_list: article.tags.join(', '), tags: article.tags, body_html: `<p>${article.bodyMarkdown}</p>`, body_markdown: article.bodyMarkdown,
    user: { name: 'Nu Stehr', username, twitter_username: null, github_username: null, user_id: 1, website_url: null, profile_image: '', profile_image_90: '' },
  });

  /** The /me lists' shape. */
  const meJson = (article: ForemStandInArticle) => ({
    type_of: 'article', id: article.id, title: article.title, description: article.bodyMarkdown.slice(0, 100), published: article.published,
    published_at: iso(article.publishedMs), slug: article.slug, path: article.path, url: `${base}${article.path}`, comments_count: 0,
    public_reactions_count: 0, page_views_count: 0, published_timestamp: iso(article.publishedMs), body_markdown: article.bodyMarkdown,
    positive_reactions_count: 0, cover_image: article.mainImage, tag_list: article.tags, canonical_url: `${base}${article.path}`, reading_time_minutes: 1,
    user: { name: 'Nu Stehr', username, twitter_username: null, github_username: null, user_id: 1, website_url: null, profile_image: '', profile_image_90: '' },
  });

  /** The documented article fields of a create or an edit; the reason it is refused, else null. */
  function validate(raw: unknown, creating: boolean): string | null {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'param is missing or the value is empty: article';
    const article = raw as Record<string, unknown>;
    for (const key of Object.keys(article)) if (!ARTICLE_FIELDS.has(key)) return `found unpermitted parameter: ${key}`;
    if (creating && (typeof article.title !== 'string' || article.title.trim() === '')) return "Title can't be blank";
    if (article.title !== undefined && (typeof article.title !== 'string' || article.title.length > 128)) return 'Title is too long (maximum is 128 characters)';
    if (article.body_markdown !== undefined && typeof article.body_markdown !== 'string') return 'Body markdown must be a string';
    if (article.published !== undefined && typeof article.published !== 'boolean') return 'Published must be a boolean';
    if (article.main_image !== undefined && article.main_image !== null && typeof article.main_image !== 'string') return 'Main image must be a string';
    if (article.tags !== undefined) {
      if (typeof article.tags !== 'string') return 'Tags must be a string';
      const tags = article.tags.split(',').map((tag) => tag.trim()).filter(Boolean);
      if (tags.length > 4) return 'Tag list exceed the maximum of 4 tags';
      if (tags.some((tag) => !/^[a-z0-9]{1,30}$/.test(tag))) return 'Tag contains non-alphanumeric characters';
    }
    return null;
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readRequestBody(request);
      const url = new URL(request.url ?? '/', base);
      standIn.requests.push({ line: `${request.method} ${url.pathname}${url.search}`, headers: request.headers, body });
      if (!url.pathname.startsWith('/api/')) {
        const page = standIn.articles.find((article) => article.published && article.path === url.pathname);
        if (!page) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta name="generator" content="Forem"></head><body><h1>${page.title}</h1><pre>${page.bodyMarkdown}</pre></body></html>`);
      }
      const authorised = request.headers['api-key'] === standIn.apiKey;
      const byId = /^\/api\/articles\/(\d+)$/.exec(url.pathname);

      if (byId && request.method === 'GET') {
        const article = standIn.articles.find((candidate) => candidate.id === Number(byId[1]) && candidate.published);
        return article ? json(response, 200, articleJson(article)) : foremError(response, 404, 'not found');
      }
      if (!authorised) return foremError(response, 401, 'unauthorized');

      if (url.pathname === '/api/articles' && request.method === 'POST') {
        if (standIn.limitNextCreates > 0) {
          standIn.limitNextCreates -= 1;
          return foremError(response, 429, 'Rate limit reached, try again in 30 seconds', { 'retry-after': '30' });
        }
        let parsed: { article?: unknown };
        try {
          parsed = JSON.parse(body) as { article?: unknown };
        } catch {
          return foremError(response, 400, 'Error occurred while parsing request parameters');
        }
        const invalid = validate(parsed.article, true);
        if (invalid) return foremError(response, 422, invalid);
        const input = parsed.article as { title: string; body_markdown?: string; published?: boolean; tags?: string; main_image?: string };
        const published = input.published === true;
        const article = makeArticle({
          title: input.title, bodyMarkdown: input.body_markdown ?? '', tags: (input.tags ?? '').split(',').map((tag) => tag.trim()).filter(Boolean),
          mainImage: input.main_image ?? null, published, publishedMs: published ? Date.now() : null, received: parsed,
        });
        standIn.articles.push(article);
        if (standIn.dropNextCreateAnswer) {
          standIn.dropNextCreateAnswer = false;
          request.socket.destroy();
          return;
        }
        return json(response, 201, articleJson(article));
      }

      if (url.pathname === '/api/articles/me/all' && request.method === 'GET') {
        const page = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
        const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page') ?? '30') || 30));
        const unpublished = standIn.articles.filter((article) => !article.published).sort((a, b) => b.createdMs - a.createdMs);
        const published = standIn.articles.filter((article) => article.published).sort((a, b) => (b.publishedMs ?? 0) - (a.publishedMs ?? 0));
        return json(response, 200, [...unpublished, ...published].slice((page - 1) * perPage, page * perPage).map(meJson));
      }

      if (byId && request.method === 'PUT') {
        const article = standIn.articles.find((candidate) => candidate.id === Number(byId[1]));
        if (!article) return foremError(response, 404, 'not found');
        let parsed: { article?: unknown };
        try {
          parsed = JSON.parse(body) as { article?: unknown };
        } catch {
          return foremError(response, 400, 'Error occurred while parsing request parameters');
        }
        const invalid = validate(parsed.article, false);
        if (invalid) return foremError(response, 422, invalid);
        const edit = parsed.article as { title?: string; body_markdown?: string };
        if (edit.title !== undefined) article.title = edit.title;
        if (edit.body_markdown !== undefined) article.bodyMarkdown = edit.body_markdown;
        article.editedMs = Date.now();
        return json(response, 200, articleJson(article));
      }
      return foremError(response, 404, 'not found');
    })().catch((error: unknown) => foremError(response, 500, String(error)));
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
