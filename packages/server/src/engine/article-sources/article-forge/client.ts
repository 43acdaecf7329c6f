/**
 * Article Forge client, from its API documentation (https://af.articleforge.com/api_info): form
 * POSTs to https://af.articleforge.com/api/<call> with `key`; answers are JSON with
 * `status: "Success"`, or `status: "Fail"` and `error_message`.
 * - `check_usage` → `API Requests`, `Words remaining`, `Overuse Protection`, `Prepaid Amount`;
 * - `initiate_article` (keyword, sub_keywords, length: very_short | short | medium | long) → `ref_key`;
 * - `get_api_progress` (ref_key) → `api_status` (201 when the article is ready) and `progress` (0–1);
 * - `get_api_article_result` (ref_key) → `article` (the text; its first line is the title when the
 *   article has one).
 */
import type { ArticleForgeInput } from '@linkloom/shared';
import { ContentServiceError } from '../../content-services/content-service-error';
import { contentEndpoint, contentExchange, jsonObject, type ContentCallOptions } from '../../content-services/content-http';
import type { ArticleSourceClient, ArticleSourceSettings } from '../article-source';

const NAME = 'Article Forge';
const BASE = 'https://af.articleforge.com/api';
/** How often the article's progress is asked for, and for how long at most. */
export const ARTICLE_FORGE_POLL = { intervalMs: 3_000, maxMs: 10 * 60_000 };

async function call(name: string, key: string, fields: Record<string, string>, options?: ContentCallOptions): Promise<Record<string, unknown>> {
  const json = jsonObject(NAME, await contentExchange(NAME, contentEndpoint(`${BASE}/${name}`), { key, ...fields }, options));
  if (json.status === 'Success') return json;
  const words = typeof json.error_message === 'string' ? json.error_message : 'no reason given';
  if (/key|auth/i.test(words)) throw new ContentServiceError('auth', `${NAME} refused the API key (${words}): check it in Options → Content`);
  if (/credit|words|limit|quota|subscription/i.test(words)) throw new ContentServiceError('quota', `${NAME} has no words left (${words})`);
  throw new ContentServiceError('rejected', `${NAME} refused the request (${words})`);
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => {
    clearTimeout(timer);
    reject(signal.reason as Error);
  }, { once: true });
});

export const articleForgeClient: ArticleSourceClient<ArticleForgeInput> = {
  name: NAME,
  docUrl: 'https://af.articleforge.com/api_info',
  hasCredentials: (s: ArticleSourceSettings) => s.articleForge.apiKey !== '',
  async balance(settings, options) {
    const json = await call('check_usage', settings.articleForge.apiKey, {}, options);
    return `${String(json['Words remaining'] ?? '?')} words remaining`;
  },
  async download(input, settings, options) {
    const key = settings.articleForge.apiKey;
    const started = await call('initiate_article', key, { keyword: input.keyword, sub_keywords: input.subKeywords, length: input.length }, options);
    const ref = String(started.ref_key ?? '');
    if (ref === '') throw new ContentServiceError('rejected', `${NAME} answered without a ref_key`);
    const deadline = Date.now() + ARTICLE_FORGE_POLL.maxMs;
    for (;;) {
      const progress = await call('get_api_progress', key, { ref_key: ref }, options);
      if (Number(progress.api_status) === 201) break;
      if (Date.now() > deadline) throw new ContentServiceError('timeout', `${NAME} did not finish the article within ${ARTICLE_FORGE_POLL.maxMs / 60_000} minutes`);
      await sleep(ARTICLE_FORGE_POLL.intervalMs, options?.signal);
    }
    const result = await call('get_api_article_result', key, { ref_key: ref }, options);
    const article = typeof result.article === 'string' ? result.article.trim() : '';
    if (article === '') throw new ContentServiceError('rejected', `${NAME} answered an empty article`);
    const [first, ...rest] = article.split('\n');
    const titled = rest.length > 0 && first!.length <= 200 && !/[.!?]$/.test(first!.trim());
    return titled ? { title: first!.replace(/<[^>]*>/g, '').trim(), body: rest.join('\n').trim() } : { title: input.keyword, body: article };
  },
};
