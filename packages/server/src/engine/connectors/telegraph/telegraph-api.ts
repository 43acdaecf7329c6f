/**
 * The Telegraph API calls the connector makes (https://telegra.ph/api): `createPage`,
 * `getPageList`, `getPage/{path}` and `editPage/{path}`, sent as POST forms to
 * `https://api.telegra.ph/{method}` (the access token in the body, never in an address a log could
 * keep), through apiExchange (../hosted-api.ts): the token reaches the API's origin only. Every
 * answer is `{"ok": true, "result": …}` or `{"ok": false, "error": "SHORT_CODE"}`; the code is the
 * only part of an error that reaches the user.
 */
import { PublishError } from '../connector';
import { parseJsonBody, parseRetryAfter, type HttpContext } from '../http';
import { remoteCode } from '../remote-summary';
import { apiExchange } from '../hosted-api';
import type { TelegraphNode } from './html-to-nodes';

export const TELEGRAPH_API_BASE = 'https://api.telegra.ph';

export interface TelegraphSession {
  apiBase: string;
  accessToken: string;
  http: HttpContext;
}

/** The API answered with something other than its JSON (an outage page, a proxy's answer). */
export class TelegraphApiMissing extends Error {
  override readonly name = 'TelegraphApiMissing';
}

/** A Telegraph page as the connector reads it. */
export interface TelegraphPage {
  path: string;
  url: string;
  title: string;
  authorName?: string;
  authorUrl?: string;
  content?: TelegraphNode[];
}

async function telegraphCall(session: TelegraphSession, method: string, params: Record<string, string>, action: string, path?: string): Promise<unknown> {
  const url = `${session.apiBase}/${method}${path === undefined ? '' : `/${encodeURIComponent(path)}`}`;
  const answer = await apiExchange({
    method: 'POST', url, headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString(),
  }, session.http);
  const data = parseJsonBody(answer) as { ok?: unknown; result?: unknown; error?: unknown } | undefined;
  if (answer.status === 429) {
    const retryAfterMs = parseRetryAfter(answer.headers.get('retry-after')) ?? 30_000;
    throw new PublishError('rateLimited', `Telegraph is limiting requests (HTTP 429): it will be tried again in ${Math.ceil(retryAfterMs / 1000)} s.`, { status: 429, code: 'rateLimited', retryAfterMs });
  }
  if (!data || typeof data !== 'object' || typeof data.ok !== 'boolean') {
    if (answer.status >= 500) throw new PublishError('rejected', `Telegraph failed with HTTP ${answer.status}; it will be tried again.`, { status: answer.status, retryable: true });
    throw new TelegraphApiMissing(`${method} answered HTTP ${answer.status} without Telegraph's JSON`);
  }
  if (data.ok) return data.result;
  throw telegraphError(remoteCode(data.error), action);
}

/** Telegraph's error code as the PublishError a user can act on. */
export function telegraphError(code: string, action: string): PublishError {
  const flood = /^FLOOD_WAIT_(\d+)$/.exec(code);
  if (flood) {
    const retryAfterMs = Number(flood[1]) * 1000;
    return new PublishError('rateLimited', `Telegraph asks to wait ${flood[1]} s before the next request (${code}): it will be tried again then.`, { code: 'rateLimited', retryAfterMs });
  }
  switch (code) {
    case 'ACCESS_TOKEN_INVALID':
      return new PublishError('auth', `Telegraph refused the access token (${code}): check the site's password, which must be the access token of the Telegraph account.`, { code: 'badCredentials' });
    case 'PAGE_ACCESS_DENIED':
      return new PublishError('auth', `Telegraph does not let this access token ${action} (${code}): the page belongs to another Telegraph account.`, { code: 'permissionDenied' });
    case 'PAGE_NOT_FOUND':
      return new PublishError('notFound', `Telegraph has no such page (${code}): it may have been removed.`);
    default:
      return new PublishError('rejected', `Telegraph refused to ${action}${code ? ` (${code})` : ''}.`, { code: 'refusedContent' });
  }
}

function readPage(raw: unknown): TelegraphPage | null {
  if (!raw || typeof raw !== 'object') return null;
  const page = raw as Record<string, unknown>;
  if (typeof page.path !== 'string' || typeof page.url !== 'string') return null;
  return {
    path: page.path,
    url: page.url,
    title: typeof page.title === 'string' ? page.title : '',
    ...(typeof page.author_name === 'string' ? { authorName: page.author_name } : {}),
    ...(typeof page.author_url === 'string' ? { authorUrl: page.author_url } : {}),
    ...(Array.isArray(page.content) ? { content: page.content as TelegraphNode[] } : {}),
  };
}

export interface TelegraphPageInput {
  title: string;
  authorName?: string;
  authorUrl?: string;
  content: TelegraphNode[];
}

const pageParams = (input: TelegraphPageInput): Record<string, string> => ({
  title: input.title,
  ...(input.authorName ? { author_name: input.authorName } : {}),
  ...(input.authorUrl ? { author_url: input.authorUrl } : {}),
  content: JSON.stringify(input.content),
});

/** Makes a page (`createPage`); its path and URL. */
export async function telegraphCreatePage(session: TelegraphSession, input: TelegraphPageInput): Promise<TelegraphPage> {
  const page = readPage(await telegraphCall(session, 'createPage', { access_token: session.accessToken, ...pageParams(input), return_content: 'false' }, 'create pages'));
  if (!page) throw new PublishError('rejected', 'Telegraph answered the new page without its path and address.', { outcomeUnknown: true });
  return page;
}

/** One slice of the account's pages (`getPageList`), newest first; and how many there are. */
export async function telegraphPageList(session: TelegraphSession, offset: number, limit: number): Promise<{ total: number; pages: TelegraphPage[] }> {
  const result = (await telegraphCall(session, 'getPageList', { access_token: session.accessToken, offset: String(offset), limit: String(limit) }, 'list its pages')) as { total_count?: unknown; pages?: unknown } | null;
  const pages = Array.isArray(result?.pages) ? result.pages.flatMap((raw) => readPage(raw) ?? []) : [];
  return { total: typeof result?.total_count === 'number' ? result.total_count : pages.length, pages };
}

/** A page with its content (`getPage/{path}?return_content=true`). */
export async function telegraphGetPage(session: TelegraphSession, path: string): Promise<TelegraphPage | null> {
  return readPage(await telegraphCall(session, 'getPage', { path, return_content: 'true' }, 'read pages', path));
}

/** Replaces a page's title, author and content (`editPage/{path}`). */
export async function telegraphEditPage(session: TelegraphSession, path: string, input: TelegraphPageInput): Promise<void> {
  await telegraphCall(session, 'editPage', { access_token: session.accessToken, path, ...pageParams(input), return_content: 'false' }, 'edit pages', path);
}
