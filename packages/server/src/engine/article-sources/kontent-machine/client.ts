/**
 * Kontent Machine client, from its API reference (https://kontentmachine.com/api-reference/): a
 * form POST to https://api.kontentmachine.com/ with `apikey`, `method=getcontent`, `campaignid`
 * and `template` (content templates Kontent Machine sets up per account) answers JSON
 * `{status: "success", result: [article, …]}` — with the default WordPress templates each article
 * starts `[WP-TITLE]title[/WP-TITLE]` — or `{status: "error", message}`. The daily quota is 100
 * requests. The reference publishes no call that lists campaigns or tells a balance.
 */
import { ContentServiceError } from '../../content-services/content-service-error';
import { contentEndpoint, contentExchange, jsonObject, type ContentCallOptions } from '../../content-services/content-http';
import type { DownloadedArticle } from '../article-source';

const NAME = 'Kontent Machine';
const ENDPOINT = 'https://api.kontentmachine.com/';

/** One campaign's articles (as many as its template gives per request). */
export async function kontentMachineArticles(apiKey: string, campaignId: number, template: string, options?: ContentCallOptions): Promise<DownloadedArticle[]> {
  const json = jsonObject(NAME, await contentExchange(NAME, contentEndpoint(ENDPOINT), {
    apikey: apiKey, method: 'getcontent', campaignid: String(campaignId), template,
  }, options));
  if (json.status !== 'success') {
    const words = typeof json.message === 'string' ? json.message : 'no reason given';
    if (/api ?key|auth/i.test(words)) throw new ContentServiceError('auth', `${NAME} refused the API key (${words}): check it in Options → Content`);
    if (/quota|limit/i.test(words)) throw new ContentServiceError('quota', `${NAME} has no requests left today (${words})`);
    throw new ContentServiceError('rejected', `${NAME} refused the request (${words})`);
  }
  const result = Array.isArray(json.result) ? json.result.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
  return result.map((article) => {
    const titled = /^\s*\[WP-TITLE\]([\s\S]*?)\[\/WP-TITLE\]([\s\S]*)$/.exec(article);
    if (titled) return { title: titled[1]!.trim(), body: titled[2]!.trim() };
    const [first, ...rest] = article.trim().split('\n');
    return rest.length > 0 ? { title: first!.trim(), body: rest.join('\n').trim() } : { title: `Kontent Machine campaign ${campaignId}`, body: article.trim() };
  });
}
