import { createRng, keywordPhrases, type ContentProjectForm } from '@linkloom/shared';
import type { ContentCallOptions } from '../content-services/content-http';
import type { FoundMedia } from './media-search';
import { searchOpenverseImages } from './openverse';
import { searchYouTubeVideos } from './youtube';

export const MEDIA_MESSAGES = {
  noImages: (keyword: string) => `Openverse found no openly licensed image for "${keyword}": posts went without images; try other image keywords`,
  imageSearchFailed: (reason: string) => `The image search failed (${reason}): posts went without images`,
  noVideoKey: 'The video search needs a YouTube Data API key (Options → Content): posts went without videos',
  noVideos: (keyword: string) => `YouTube found no video for "${keyword}": posts went without videos; try other video keywords`,
  videoSearchFailed: (reason: string) => `The video search failed (${reason}): posts went without videos`,
} as const;

/** Searches are kept this long per keyword (a run's posts share them; the services limit requests). */
const FRESH_MS = 60 * 60_000;
const cache = new Map<string, { at: number; found: FoundMedia[] }>();

async function cached(key: string, search: () => Promise<FoundMedia[]>): Promise<FoundMedia[]> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.found;
  const found = await search();
  if (cache.size > 500) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: Date.now(), found });
  return found;
}

export interface SearchedMedia {
  images?: string[];
  videos?: string[];
  credits: Map<string, string>;
  /** Lines for the run's lastError: a search that found nothing or failed. */
  warnings: string[];
}

/**
 * The images and videos a post's Image and Video tabs search for (search ticked): one of the tab's
 * keywords per post (seeded by the post's key), openly licensed images from Openverse with the
 * credit lines their licences ask for, videos from YouTube with the user's key. Nothing found, no
 * key or a failed search: a warning line, never a silent nothing.
 */
export async function searchPostMedia(form: ContentProjectForm, postKey: string, youtubeApiKey: string, options: ContentCallOptions): Promise<SearchedMedia> {
  const result: SearchedMedia = { credits: new Map(), warnings: [] };
  const rng = createRng(`${postKey}/media`);
  const pick = (field: string) => {
    const phrases = keywordPhrases(field);
    return phrases.length === 0 ? null : rng.pick(phrases);
  };
  if (form.insertImages && form.searchForImages) {
    const keyword = pick(form.keywordsForImage);
    if (keyword !== null) {
      try {
        const found = await cached(`image:${keyword.toLowerCase()}`, () => searchOpenverseImages(keyword, 20, options));
        if (found.length === 0) result.warnings.push(MEDIA_MESSAGES.noImages(keyword));
        result.images = found.map((item) => item.url);
        for (const item of found) if (item.credit) result.credits.set(new URL(item.url).href, item.credit);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        result.warnings.push(MEDIA_MESSAGES.imageSearchFailed(error instanceof Error ? error.message : String(error)));
      }
    }
  }
  if (form.insertVideos && form.searchForVideos) {
    const keyword = pick(form.keywordsForVideo);
    if (keyword !== null && youtubeApiKey.trim() === '') result.warnings.push(MEDIA_MESSAGES.noVideoKey);
    else if (keyword !== null) {
      try {
        const found = await cached(`video:${keyword.toLowerCase()}`, () => searchYouTubeVideos(keyword, 20, youtubeApiKey, options));
        if (found.length === 0) result.warnings.push(MEDIA_MESSAGES.noVideos(keyword));
        result.videos = found.map((item) => item.url);
      } catch (error) {
        if (options.signal?.aborted) throw error;
        result.warnings.push(MEDIA_MESSAGES.videoSearchFailed(error instanceof Error ? error.message : String(error)));
      }
    }
  }
  return result;
}
