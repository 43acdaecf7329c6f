/**
 * YouTube video search, from the YouTube Data API v3 documentation
 * (https://developers.google.com/youtube/v3/docs/search/list): `GET
 * https://www.googleapis.com/youtube/v3/search?part=snippet&type=video&q=…&maxResults=…&key=…`
 * answers `{items: [{id: {kind: "youtube#video", videoId}, snippet: {title, channelTitle}}]}`;
 * errors are `{error: {code, message, errors: [{reason}]}}` — 400 keyInvalid, 403 quotaExceeded.
 */
import { ContentServiceError } from '../content-services/content-service-error';
import { contentEndpoint, type ContentCallOptions } from '../content-services/content-http';
import type { FoundMedia } from './media-search';

const NAME = 'YouTube';
const ENDPOINT = 'https://www.googleapis.com/youtube/v3/search';

/** Videos for a keyword with the user's API key (embedded videos need no credit line). */
export async function searchYouTubeVideos(keyword: string, count: number, apiKey: string, options: ContentCallOptions = {}): Promise<FoundMedia[]> {
  const query = new URLSearchParams({ part: 'snippet', type: 'video', q: keyword, maxResults: String(Math.min(50, Math.max(1, count))), key: apiKey });
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  let response: Response;
  try {
    response = await fetch(`${contentEndpoint(ENDPOINT)}?${query}`, { signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new ContentServiceError('timeout', `${NAME} did not answer in time`, { cause: error });
    throw new ContentServiceError('network', `Could not reach ${NAME}: check the machine's internet connection`, { cause: error });
  }
  let json: Record<string, unknown> = {};
  try {
    json = (await response.json()) as Record<string, unknown>;
  } catch {
    throw new ContentServiceError('rejected', `${NAME} answered without the documented JSON (${response.status})`);
  }
  if (!response.ok) {
    const error = (json.error ?? {}) as { message?: string; errors?: { reason?: string }[] };
    const reason = error.errors?.[0]?.reason ?? '';
    const words = error.message ?? `status ${response.status}`;
    if (reason === 'keyInvalid' || response.status === 400 && /key/i.test(words)) throw new ContentServiceError('auth', `${NAME} refused the API key (${words}): check it in Options → Content`);
    if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded' || response.status === 403) throw new ContentServiceError('quota', `${NAME} has no quota left today (${words})`);
    throw new ContentServiceError(response.status >= 500 ? 'unavailable' : 'rejected', `${NAME} refused the search (${words})`);
  }
  const items = Array.isArray(json.items) ? (json.items as { id?: { videoId?: unknown } }[]) : [];
  return items.flatMap((item) => (typeof item.id?.videoId === 'string' ? [{ url: `https://www.youtube.com/watch?v=${item.id.videoId}`, credit: null }] : []));
}
