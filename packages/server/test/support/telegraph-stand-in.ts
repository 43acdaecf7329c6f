/**
 * A local stand-in for the Telegraph API, written from its documentation (https://telegra.ph/api):
 * `createPage`, `getPageList`, `getPage/{path}` and `editPage/{path}`, by GET or POST (a form or
 * JSON), each parameter checked as documented — `access_token`; `title` 1–256 characters;
 * `author_name` 0–128; `author_url` 0–512; `content` an Array of Node (a string, or
 * `{tag, attrs, children}` with only the allowed tags and only `href` / `src` attributes), up to
 * 64 KB; `offset` ≥ 0, `limit` 0–200 — and each answer `{"ok": true, "result": …}` or `{"ok": false,
 * "error": "SHORT_CODE"}`. Pages get Telegraph's paths (`Title-MM-DD`, `-2`, … for the same title and
 * day) and are served at `/{path}` as HTML. The error codes beyond the documented example
 * (SHORT_NAME_REQUIRED) follow its pattern: ACCESS_TOKEN_INVALID, TITLE_REQUIRED, CONTENT_TOO_BIG,
 * PAGE_NOT_FOUND, PAGE_ACCESS_DENIED, FLOOD_WAIT_n.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from './request-body';

const ALLOWED_TAGS = new Set(['a', 'aside', 'b', 'blockquote', 'br', 'code', 'em', 'figcaption', 'figure', 'h3', 'h4', 'hr', 'i', 'iframe', 'img', 'li', 'ol', 'p', 'pre', 's', 'strong', 'u', 'ul', 'video']);

export type StandInNode = string | { tag: string; attrs?: Record<string, string>; children?: StandInNode[] };

export interface TelegraphStandInPage {
  path: string;
  title: string;
  authorName: string;
  authorUrl: string;
  content: StandInNode[];
  /** The account that made it. */
  token: string;
  /** Every parameter of the create exactly as received. */
  received: Record<string, string>;
}

export interface TelegraphStandIn {
  /** The API's base (the connector's apiBase) and the pages' host. */
  url: string;
  accessToken: string;
  pages: TelegraphStandInPage[];
  requests: Array<{ line: string; headers: http.IncomingHttpHeaders; params: Record<string, string> }>;
  /** The next createPage is stored, then the connection is dropped without an answer. */
  dropNextCreateAnswer: boolean;
  /** The next createPage answers `FLOOD_WAIT_n` without a page. */
  floodWaitNextCreate: number;
  /** A page of another account (for PAGE_ACCESS_DENIED) or of this one made outside the connector, dated `day` (MM-DD). */
  addPage(fields: { title: string; token?: string; day?: string; content?: StandInNode[] }): TelegraphStandInPage;
  close(): Promise<void>;
}

/** Checks a Node array as the content format documents it; the reason it is not one, else null. */
function invalidContent(nodes: unknown, depth = 0): string | null {
  if (!Array.isArray(nodes)) return 'content must be an Array of Node';
  if (depth > 256) return 'content nests too deep';
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if (!node || typeof node !== 'object') return 'a Node is a String or a NodeElement';
    const element = node as { tag?: unknown; attrs?: unknown; children?: unknown };
    if (typeof element.tag !== 'string' || !ALLOWED_TAGS.has(element.tag)) return `tag ${String(element.tag)} is not allowed`;
    if (element.attrs !== undefined) {
      if (!element.attrs || typeof element.attrs !== 'object') return 'attrs must be an object';
      for (const [name, value] of Object.entries(element.attrs)) if (!['href', 'src'].includes(name) || typeof value !== 'string') return `attribute ${name} is not allowed`;
    }
    if (element.children !== undefined) {
      const inner = invalidContent(element.children, depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function renderNodes(nodes: StandInNode[]): string {
  return nodes.map((node) => {
    if (typeof node === 'string') return escapeHtml(node);
    const attrs = Object.entries(node.attrs ?? {}).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
    if (['br', 'hr', 'img'].includes(node.tag)) return `<${node.tag}${attrs}>`;
    return `<${node.tag}${attrs}>${renderNodes(node.children ?? [])}</${node.tag}>`;
  }).join('');
}

export async function startTelegraphStandIn(): Promise<TelegraphStandIn> {
  let base = '';
  const today = () => {
    const now = new Date();
    return `${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;
  };
  const pathFor = (title: string, day: string) => {
    const words = title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'Untitled';
    const stem = `${words}-${day}`;
    let path = stem;
    for (let n = 2; standIn.pages.some((page) => page.path === path); n += 1) path = `${stem}-${n}`;
    return path;
  };
  const standIn: Omit<TelegraphStandIn, 'url' | 'close'> = {
    accessToken: randomBytes(30).toString('hex'),
    pages: [],
    requests: [],
    dropNextCreateAnswer: false,
    floodWaitNextCreate: 0,
    addPage(fields) {
      const page: TelegraphStandInPage = {
        path: pathFor(fields.title, fields.day ?? today()), title: fields.title, authorName: '', authorUrl: '',
        content: fields.content ?? ['text'], token: fields.token ?? standIn.accessToken, received: {},
      };
      standIn.pages.push(page);
      return page;
    },
  };
  const pageJson = (page: TelegraphStandInPage, withContent: boolean) => ({
    path: page.path, url: `${base}/${page.path}`, title: page.title, description: '', author_name: page.authorName,
    ...(page.authorUrl ? { author_url: page.authorUrl } : {}), ...(withContent ? { content: page.content } : {}), views: 0,
    can_edit: false,
  });

  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readRequestBody(request);
      const url = new URL(request.url ?? '/', base);
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      const type = request.headers['content-type'] ?? '';
      if (body && type.startsWith('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
      else if (body && type.startsWith('application/json')) {
        for (const [name, value] of Object.entries(JSON.parse(body) as Record<string, unknown>)) params[name] = typeof value === 'string' ? value : JSON.stringify(value);
      }
      standIn.requests.push({ line: `${request.method} ${url.pathname}`, headers: request.headers, params });
      const ok = (result: unknown) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result }));
      const fail = (error: string) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error }));
      const [, method = '', pathParam] = /^\/([A-Za-z]+)(?:\/(.+))?$/.exec(url.pathname) ?? [];

      const page = standIn.pages.find((candidate) => `/${candidate.path}` === url.pathname);
      if (page && request.method === 'GET' && !['getPage', 'getPageList', 'createPage', 'editPage'].includes(method)) {
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta property="og:site_name" content="Telegraph"></head><body><h1>${escapeHtml(page.title)}</h1><article>${renderNodes(page.content)}</article></body></html>`);
      }

      /** The documented page fields of createPage / editPage; the error, else null. */
      const pageFields = (): string | null => {
        const title = params.title ?? '';
        if (title.trim() === '') return 'TITLE_REQUIRED';
        if ([...title].length > 256) return 'TITLE_TOO_LONG';
        if ([...(params.author_name ?? '')].length > 128) return 'AUTHOR_NAME_TOO_LONG';
        if ([...(params.author_url ?? '')].length > 512) return 'AUTHOR_URL_TOO_LONG';
        if (params.content === undefined) return 'CONTENT_REQUIRED';
        if (Buffer.byteLength(params.content, 'utf8') > 64 * 1024) return 'CONTENT_TOO_BIG';
        let content: unknown;
        try {
          content = JSON.parse(params.content);
        } catch {
          return 'CONTENT_FORMAT_INVALID';
        }
        if (invalidContent(content)) return 'CONTENT_FORMAT_INVALID';
        if (Array.isArray(content) && content.length === 0) return 'CONTENT_TEXT_REQUIRED';
        return null;
      };

      switch (method) {
        case 'createPage': {
          if (params.access_token !== standIn.accessToken) return fail('ACCESS_TOKEN_INVALID');
          if (standIn.floodWaitNextCreate > 0) {
            const seconds = standIn.floodWaitNextCreate;
            standIn.floodWaitNextCreate = 0;
            return fail(`FLOOD_WAIT_${seconds}`);
          }
          const invalid = pageFields();
          if (invalid) return fail(invalid);
          const made: TelegraphStandInPage = {
            path: pathFor(params.title!, today()), title: params.title!, authorName: params.author_name ?? '', authorUrl: params.author_url ?? '',
            content: JSON.parse(params.content!) as StandInNode[], token: params.access_token, received: { ...params },
          };
          standIn.pages.push(made);
          if (standIn.dropNextCreateAnswer) {
            standIn.dropNextCreateAnswer = false;
            request.socket.destroy();
            return;
          }
          return ok(pageJson(made, params.return_content === 'true'));
        }
        case 'getPageList': {
          if (params.access_token !== standIn.accessToken) return fail('ACCESS_TOKEN_INVALID');
          const offset = Number(params.offset ?? '0');
          const limit = Number(params.limit ?? '50');
          if (!Number.isInteger(offset) || offset < 0) return fail('OFFSET_INVALID');
          if (!Number.isInteger(limit) || limit < 0 || limit > 200) return fail('LIMIT_INVALID');
          // The account's pages, most recently created first.
          const own = standIn.pages.filter((candidate) => candidate.token === standIn.accessToken).reverse();
          return ok({ total_count: own.length, pages: own.slice(offset, offset + limit).map((candidate) => pageJson(candidate, false)) });
        }
        case 'getPage': {
          const path = pathParam ? decodeURIComponent(pathParam) : params.path;
          const found = standIn.pages.find((candidate) => candidate.path === path);
          if (!found) return fail('PAGE_NOT_FOUND');
          return ok(pageJson(found, params.return_content === 'true'));
        }
        case 'editPage': {
          if (params.access_token !== standIn.accessToken) return fail('ACCESS_TOKEN_INVALID');
          const path = pathParam ? decodeURIComponent(pathParam) : params.path;
          const found = standIn.pages.find((candidate) => candidate.path === path);
          if (!found) return fail('PAGE_NOT_FOUND');
          if (found.token !== params.access_token) return fail('PAGE_ACCESS_DENIED');
          const invalid = pageFields();
          if (invalid) return fail(invalid);
          found.title = params.title!;
          found.content = JSON.parse(params.content!) as StandInNode[];
          found.authorName = params.author_name ?? '';
          found.authorUrl = params.author_url ?? '';
          return ok(pageJson(found, params.return_content === 'true'));
        }
        default:
          return fail('METHOD_NOT_FOUND');
      }
    })().catch((error: unknown) => void response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)));
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
