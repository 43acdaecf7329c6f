import type { MediaPosition } from '../constants/project-options';
import { splitLines } from '../domain/text';
import { applyEdits, scanHtml, type HtmlEdit } from './html-scan';
import { escapeHtml } from './html-text';
import { pickLinks } from './link-plan';
import type { Rng } from './random';

export type MediaKind = 'image' | 'video';

/** What a project's Image or Video tab asks for one post. */
export interface MediaRequest {
  kind: MediaKind;
  /** The URLs to choose from: the form's text (one per line) or a list. */
  urls: string | readonly string[];
  min: number | null;
  max: number | null;
  /** Null takes the form's default, Random. */
  position: MediaPosition | null;
  /** Images: the alt text (the post title, say). */
  alt?: string;
  /** The credit line a found item's licence asks for, by URL: shown under it as its caption. */
  credits?: ReadonlyMap<string, string>;
}

export type MediaEmbed = 'image' | 'youtube' | 'vimeo' | 'video';

export interface InsertedMedia {
  kind: MediaKind;
  url: string;
  embed: MediaEmbed;
  /** Where it went (Random falls back to Bottom when the article has no gap between paragraphs). */
  position: MediaPosition;
}

export interface MediaInsertResult {
  html: string;
  inserted: InsertedMedia[];
}

/** Most items of one kind in one post: the form has no upper limit, a post needs one. */
export const MAX_MEDIA_PER_POST = 50;

/** The usable URLs of a list: trimmed, absolute http(s) only (normalised), duplicates dropped. */
export function parseMediaUrls(urls: string | readonly string[]): string[] {
  const lines = typeof urls === 'string' ? splitLines(urls) : urls;
  const seen = new Set<string>();
  for (const line of lines) {
    const text = line.trim();
    if (!/^https?:\/\//i.test(text)) continue;
    try {
      const url = new URL(text);
      if (url.hostname !== '') seen.add(url.href);
    } catch {
      // Not a URL: left out, like a blank line.
    }
  }
  return [...seen];
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The embed address of a YouTube or Vimeo video URL; null for any other URL. */
export function videoEmbed(url: string): { provider: 'youtube' | 'vimeo'; src: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const segments = parsed.pathname.split('/').filter((s) => s !== '');
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = segments[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') youtubeId = parsed.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'v', 'live'].includes(segments[0] ?? '')) youtubeId = segments[1];
  }
  if (youtubeId !== undefined && YOUTUBE_ID.test(youtubeId)) return { provider: 'youtube', src: `https://www.youtube.com/embed/${youtubeId}` };
  const vimeoId = host === 'vimeo.com' ? segments[0] : host === 'player.vimeo.com' && segments[0] === 'video' ? segments[1] : undefined;
  if (vimeoId !== undefined && /^\d+$/.test(vimeoId)) return { provider: 'vimeo', src: `https://player.vimeo.com/video/${vimeoId}` };
  return null;
}

/** The HTML of one image or video (in a figure, so it is no paragraph of the text). */
export function mediaHtml(kind: MediaKind, url: string, alt = '', credit?: string): { html: string; embed: MediaEmbed } {
  const caption = credit ? `<figcaption>${escapeHtml(credit)}</figcaption>` : '';
  if (kind === 'image') return { html: `<figure><img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}">${caption}</figure>`, embed: 'image' };
  const embed = videoEmbed(url);
  if (embed) {
    return {
      html: `<figure><iframe src="${escapeHtml(embed.src)}" width="560" height="315" frameborder="0" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen></iframe></figure>`,
      embed: embed.provider,
    };
  }
  return { html: `<figure><video src="${escapeHtml(url)}" controls></video></figure>`, embed: 'video' };
}

const count = (value: number | null, fallback: number) =>
  Math.min(MAX_MEDIA_PER_POST, Math.max(0, value === null || !Number.isFinite(value) ? fallback : Math.round(value)));

/**
 * Inserts min..max images or videos (uniform count, never more than the distinct usable URLs, each
 * URL at most once per post) at the Top, the Bottom, or Random: between two paragraphs, a
 * different gap per item while there are enough (Bottom when there is no gap).
 */
export function insertMedia(html: string, media: MediaRequest, rng: Rng): MediaInsertResult {
  const urls = parseMediaUrls(media.urls);
  const min = count(media.min, 1);
  const wanted = Math.min(rng.int(min, Math.max(min, count(media.max, 1))), urls.length);
  const chosen = pickLinks(urls, wanted, rng);
  if (chosen.length === 0) return { html, inserted: [] };
  const requested: MediaPosition = media.position ?? 'Random';
  const gaps = requested === 'Random'
    ? scanHtml(html).paragraphs.slice(0, -1).filter((p) => !p.endsInLink).map((p) => p.after)
    : [];
  const edits: HtmlEdit[] = [];
  const inserted: InsertedMedia[] = [];
  let unused = [...gaps];
  for (const url of chosen) {
    const item = mediaHtml(media.kind, url, media.alt, media.credits?.get(url));
    let position: MediaPosition = requested;
    let at = requested === 'Top' ? 0 : html.length;
    if (requested === 'Random') {
      if (gaps.length === 0) position = 'Bottom';
      else {
        if (unused.length === 0) unused = [...gaps];
        at = unused.splice(rng.int(0, unused.length - 1), 1)[0]!;
      }
    }
    edits.push({ start: at, end: at, html: item.html });
    inserted.push({ kind: media.kind, url, embed: item.embed, position });
  }
  return { html: applyEdits(html, edits), inserted };
}
