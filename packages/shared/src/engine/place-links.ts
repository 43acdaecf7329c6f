import type { LinkPlacement } from '../constants/project-options';
import { applyEdits, scanHtml, type HtmlEdit, type HtmlLayout } from './html-scan';
import { decodeEntities, escapeHtml } from './html-text';
import { findAnchorText, findLinkMarkers, findParagraphEnds, findSentenceEnds, type HtmlRange } from './link-positions';
import type { Rng } from './random';
import { spin } from './spintax';

export interface LinkToPlace {
  url: string;
  anchor: string;
}

export interface PlacedLink {
  /** Position of the link in the input list. */
  index: number;
  /** The URL as given (link set value). */
  url: string;
  /** The href written into the post (http:// added to a `www.` URL). */
  href: string;
  /** The anchor text as a reader sees it (entities decoded, white space collapsed). */
  anchor: string;
  /** Where it actually went (a placement falls back when the article offers no spot). */
  placement: LinkPlacement;
}

export interface LinkPlacementResult {
  html: string;
  /** In input order. */
  placed: PlacedLink[];
  /** Links not placed because their URL is not http(s) (nor a `www.` host). */
  skipped: { index: number; url: string }[];
}

export interface PlaceLinksOptions {
  /** InBlurbOnly: the blurb text before the links (spintax allowed); a short built-in one otherwise. */
  blurb?: string;
}

/** The built-in blurb of InBlurbOnly. */
export const DEFAULT_BLURB = '{Read more|Learn more|Find out more|More on this|Further reading}:';

/** The href for a link set URL: http(s) URLs as they are, `www.` hosts with http://; null otherwise. */
export function linkHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^https?:\/\/\S+$/i.test(trimmed)) return trimmed;
  if (/^www\.\S+$/i.test(trimmed)) return `http://${trimmed}`;
  return null;
}

const readable = (html: string) => decodeEntities(html).replace(/[\s\u00a0]+/g, ' ').trim();

interface Pending {
  index: number;
  url: string;
  href: string;
  anchor: string;
}

/** One placement run: the original HTML, its layout, the edits and the spots taken so far. */
class Placer {
  readonly edits: HtmlEdit[] = [];
  readonly occupied: HtmlRange[] = [];
  readonly placed: PlacedLink[] = [];
  private lowerHtml: string | undefined;
  constructor(readonly html: string, readonly layout: HtmlLayout, readonly rng: Rng) {}

  anchorHtml(link: Pending): string {
    return `<a href="${escapeHtml(link.href)}">${escapeHtml(link.anchor)}</a>`;
  }

  record(link: Pending, placement: LinkPlacement, anchor = readable(link.anchor)): void {
    this.placed.push({ index: link.index, url: link.url, href: link.href, anchor, placement });
  }

  /** Wraps the first free occurrence of each anchor; answers the links whose anchor is not in the text. */
  replaceKeyword(links: Pending[]): Pending[] {
    return links.filter((link) => {
      this.lowerHtml ??= this.html.toLowerCase();
      const range = findAnchorText(this.html, this.layout, link.anchor, this.occupied, this.lowerHtml);
      if (!range) return true;
      const text = this.html.slice(range.start, range.end);
      this.occupied.push(range);
      this.edits.push({ ...range, html: `<a href="${escapeHtml(link.href)}">${text}</a>` });
      this.record(link, 'ReplaceKeyword', readable(text));
      return false;
    });
  }

  /** Inserts `html` at one of `spots`, a different one per link while unused ones remain. */
  private spread(links: Pending[], spots: number[], placement: LinkPlacement): void {
    let unused = [...spots];
    for (const link of links) {
      if (unused.length === 0) unused = [...spots];
      const spot = unused.splice(this.rng.int(0, unused.length - 1), 1)[0]!;
      this.edits.push({ start: spot, end: spot, html: ` ${this.anchorHtml(link)}` });
      this.record(link, placement);
    }
  }

  randomSentence(links: Pending[]): void {
    if (links.length === 0) return;
    const spots = findSentenceEnds(this.html, this.layout, this.occupied);
    if (spots.length === 0) this.randomParagraph(links);
    else this.spread(links, spots, 'RandomSentence');
  }

  randomParagraph(links: Pending[]): void {
    if (links.length === 0) return;
    const spots = findParagraphEnds(this.layout);
    if (spots.length === 0) this.ownParagraphs(links, 'Bottom');
    else this.spread(links, spots, 'RandomParagraph');
  }

  /** Top or Bottom: each link in a paragraph of its own. */
  ownParagraphs(links: Pending[], placement: 'Top' | 'Bottom'): void {
    const at = placement === 'Top' ? 0 : this.html.length;
    for (const link of links) {
      this.edits.push({ start: at, end: at, html: `<p>${this.anchorHtml(link)}</p>` });
      this.record(link, placement);
    }
  }

  blurb(links: Pending[], blurb: string): void {
    if (links.length === 0) return;
    const text = spin(blurb, this.rng).trim();
    const lead = text === '' ? '' : `${escapeHtml(text)} `;
    this.edits.push({ start: this.html.length, end: this.html.length, html: `<p>${lead}${links.map((l) => this.anchorHtml(l)).join(', ')}</p>` });
    for (const link of links) this.record(link, 'InBlurbOnly');
  }
}

/**
 * Places links in an article's HTML (spec 1 §9 placements). Links are `<a href="…">anchor</a>`
 * with no rel (dofollow), URL and anchor HTML-escaped, never inside a tag, an attribute, an
 * existing link or code. Link markers (`[link]`, `{link}`) are replaced by ReplaceLinkTag and
 * removed by every other placement, so a post never shows one.
 * - ReplaceKeyword: links the first free occurrence of the anchor text (case-insensitive,
 *   word-bounded); links whose anchor is absent go as RandomSentence.
 * - Top / Bottom: a paragraph per link before / after the article.
 * - RandomSentence: after a sentence's end inside a paragraph (distinct spots while there are
 *   enough); without any sentence end, as RandomParagraph.
 * - RandomParagraph: appended to a random paragraph with text; without one, as Bottom.
 * - ReplaceLinkTag: the n-th marker, in reading order, becomes the n-th link; links beyond the
 *   markers go as Bottom, markers beyond the links are removed.
 * - InBlurbOnly: one blurb paragraph after the article ending with the links, comma-separated.
 */
export function placeLinks(html: string, links: readonly LinkToPlace[], placement: LinkPlacement, rng: Rng, options: PlaceLinksOptions = {}): LinkPlacementResult {
  const placer = new Placer(html, scanHtml(html), rng);
  const skipped: LinkPlacementResult['skipped'] = [];
  let pending: Pending[] = [];
  links.forEach((link, index) => {
    const href = linkHref(link.url);
    if (href === null) skipped.push({ index, url: link.url });
    else pending.push({ index, url: link.url, href, anchor: link.anchor.trim() === '' ? link.url.trim() : link.anchor.trim() });
  });

  const markers = findLinkMarkers(html, placer.layout);
  markers.forEach((marker, i) => {
    const link = placement === 'ReplaceLinkTag' ? pending[i] : undefined;
    // A removed marker between two spaces takes one of them along.
    const end = !link && /\s/.test(html[marker.start - 1] ?? '') && html[marker.end] === ' ' ? marker.end + 1 : marker.end;
    placer.occupied.push({ start: marker.start, end });
    placer.edits.push({ start: marker.start, end, html: link ? placer.anchorHtml(link) : '' });
    if (link) placer.record(link, 'ReplaceLinkTag');
  });
  if (placement === 'ReplaceLinkTag') pending = pending.slice(markers.length);

  switch (placement) {
    case 'ReplaceKeyword': placer.randomSentence(placer.replaceKeyword(pending)); break;
    case 'RandomSentence': placer.randomSentence(pending); break;
    case 'RandomParagraph': placer.randomParagraph(pending); break;
    case 'Top': placer.ownParagraphs(pending, 'Top'); break;
    case 'Bottom': case 'ReplaceLinkTag': placer.ownParagraphs(pending, 'Bottom'); break;
    case 'InBlurbOnly': placer.blurb(pending, options.blurb ?? DEFAULT_BLURB); break;
  }
  return { html: applyEdits(html, placer.edits), placed: placer.placed.sort((a, b) => a.index - b.index), skipped };
}
