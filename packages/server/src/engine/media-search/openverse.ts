/**
 * Openverse image search, from its API documentation (https://api.openverse.org/v1/): anonymous
 * `GET https://api.openverse.org/v1/images/?q=…&page_size=…&license_type=commercial` answers
 * `{result_count, results: [{id, title, url, creator, license, license_version, license_url,
 * foreign_landing_url, attribution, …}]}`; `attribution` is the credit line the licence asks for
 * (CC0 and the public domain mark ask for none). Anonymous requests are rate-limited: 429.
 */
import { ContentServiceError } from '../content-services/content-service-error';
import { contentEndpoint, contentExchange, jsonObject, type ContentCallOptions } from '../content-services/content-http';
import type { FoundMedia } from './media-search';

const NAME = 'Openverse';
const ENDPOINT = 'https://api.openverse.org/v1/images/';
const NO_CREDIT = new Set(['cc0', 'pdm']);

/** Openly licensed images (usable commercially) for a keyword, with their credit lines. */
export async function searchOpenverseImages(keyword: string, count: number, options?: ContentCallOptions): Promise<FoundMedia[]> {
  const query = new URLSearchParams({ q: keyword, page_size: String(Math.min(50, Math.max(1, count))), license_type: 'commercial' });
  const json = jsonObject(NAME, await contentExchange(NAME, `${contentEndpoint(ENDPOINT)}?${query}`, null, options));
  if (!Array.isArray(json.results)) throw new ContentServiceError('rejected', `${NAME} answered without results`);
  const found: FoundMedia[] = [];
  for (const item of json.results as Record<string, unknown>[]) {
    if (typeof item.url !== 'string' || !/^https?:\/\//.test(item.url)) continue;
    const license = typeof item.license === 'string' ? item.license.toLowerCase() : '';
    const credit = NO_CREDIT.has(license) ? null : typeof item.attribution === 'string' && item.attribution.trim() !== '' ? item.attribution.trim()
      : `${typeof item.title === 'string' ? item.title : 'Image'} by ${typeof item.creator === 'string' ? item.creator : 'unknown'} (${license.toUpperCase()} ${String(item.license_version ?? '')})`.trim();
    found.push({ url: item.url, credit });
  }
  return found;
}
