import type { HtmlLayout, TextRun } from './html-scan';
import { ENTITY_PATTERN, textInHtmlPattern } from './html-text';

/** [start, end) in the scanned HTML. */
export interface HtmlRange {
  start: number;
  end: number;
}

/**
 * The link markers of ReplaceLinkTag: `[link]` or `{link}`, any letter case, in the article's text
 * (not inside a tag, an existing link or code). `{link}` survives spinning: a brace pair without
 * `|` is not a spin group.
 */
export const LINK_MARKER_PATTERN = /\[link\]|\{link\}/gi;

const editable = (run: TextRun) => !run.inLink && !run.skipped;
const strictlyInside = (offset: number, ranges: readonly HtmlRange[]) => ranges.some((r) => r.start < offset && offset < r.end);
const overlaps = (range: HtmlRange, ranges: readonly HtmlRange[]) => ranges.some((r) => range.start < r.end && r.start < range.end);

/** Every link marker in editable text, left to right. */
export function findLinkMarkers(html: string, layout: HtmlLayout): HtmlRange[] {
  const markers: HtmlRange[] = [];
  for (const run of layout.runs.filter(editable)) {
    const pattern = new RegExp(LINK_MARKER_PATTERN.source, 'gi');
    const text = html.slice(run.start, run.end);
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) markers.push({ start: run.start + m.index, end: run.start + m.index + m[0].length });
  }
  return markers;
}

const SENTENCE_END = /[.!?\u2026]+["'\u201d\u2019\u00bb)\]]*(?=\s|$)/g;

/**
 * Offsets just after a sentence's final punctuation (and any closing quote or bracket) in
 * editable text inside a paragraph — anywhere in editable text when the article has no `<p>` —
 * and not inside one of `occupied`.
 */
export function findSentenceEnds(html: string, layout: HtmlLayout, occupied: readonly HtmlRange[]): number[] {
  const anyText = layout.paragraphs.length === 0;
  const ends: number[] = [];
  for (const run of layout.runs) {
    if (!editable(run) || (!anyText && run.paragraph < 0)) continue;
    const text = html.slice(run.start, run.end);
    SENTENCE_END.lastIndex = 0;
    for (let m = SENTENCE_END.exec(text); m !== null; m = SENTENCE_END.exec(text)) {
      const offset = run.start + m.index + m[0].length;
      if (!strictlyInside(offset, occupied)) ends.push(offset);
    }
  }
  return ends;
}

/** Where each paragraph with text of its own ends (the offset of its `</p>`), outside links. */
export function findParagraphEnds(layout: HtmlLayout): number[] {
  return layout.paragraphs.filter((p) => p.hasText && !p.endsInLink).map((p) => p.contentEnd);
}

function entityRanges(text: string): HtmlRange[] {
  const ranges: HtmlRange[] = [];
  const pattern = new RegExp(ENTITY_PATTERN.source, 'gi');
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) ranges.push({ start: m.index, end: m.index + m[0].length });
  return ranges;
}

/**
 * The first occurrence of `anchor` in editable text (case-insensitive, word-bounded, entities and
 * white space tolerated, see textInHtmlPattern) that overlaps none of `occupied` and does not cut
 * an entity in two; null when there is none. `lowerHtml` (html.toLowerCase()) saves recomputing it
 * when one HTML is searched for several anchors.
 */
export function findAnchorText(html: string, layout: HtmlLayout, anchor: string, occupied: readonly HtmlRange[], lowerHtml?: string): HtmlRange | null {
  if (anchor.trim() === '') return null;
  // Cheap pre-check before the Unicode regex: the anchor's longest ASCII word must be in the text.
  const word = (anchor.match(/[a-z0-9]+/gi) ?? []).reduce((longest, w) => (w.length > longest.length ? w : longest), '');
  if (word.length >= 3 && !(lowerHtml ?? html.toLowerCase()).includes(word.toLowerCase())) return null;
  const pattern = new RegExp(textInHtmlPattern(anchor), 'giu');
  for (const run of layout.runs) {
    if (!editable(run)) continue;
    const text = html.slice(run.start, run.end);
    let entities: HtmlRange[] | null = null;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0] === '') {
        pattern.lastIndex += 1;
        continue;
      }
      const local = { start: m.index, end: m.index + m[0].length };
      entities ??= entityRanges(text);
      const cutsEntity = entities.some((e) => (e.start < local.start && local.start < e.end) || (e.start < local.end && local.end < e.end));
      const range = { start: run.start + local.start, end: run.start + local.end };
      if (!cutsEntity && !overlaps(range, occupied)) return range;
      // Try the next position, not the next non-overlapping match: a later start may fit.
      pattern.lastIndex = m.index + 1;
    }
  }
  return null;
}
