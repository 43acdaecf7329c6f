import { applyEdits, scanHtml, type HtmlEdit } from './html-scan';
import { findProtectedSpans } from './protected-words';
import type { Rng } from './random';
import { spin, type SpinOptions } from './spintax';

/**
 * A synonym list: lower-case single word → its replacements. The built-in spinner's shipped list
 * is loaded by the server and injected; the pipeline keeps no list of its own.
 */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

export interface SynonymSpinOptions extends SpinOptions {
  synonyms: SynonymMap;
  /** Percentage of words with synonyms that are replaced (default 50). */
  replacePercent?: number;
}

const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;

/** The replacement written with the original's capitalisation (ALL CAPS, Capitalised or as listed). */
function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && original !== original.toLowerCase()) return replacement.toUpperCase();
  const first = original[0] ?? '';
  if (first !== first.toLowerCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/**
 * The built-in spinner: spintax first (see spin), then words of the text content (never markup,
 * code or link text) that have synonyms are replaced by one of them with `replacePercent`%
 * probability, keeping their capitalisation. Protected words are found again in the spun text and
 * left untouched, so no synonym changes any part of one.
 */
export function spinWithSynonyms(text: string, rng: Rng, options: SynonymSpinOptions): string {
  const spun = spin(text, rng, options);
  if (options.synonyms.size === 0) return spun;
  const percent = options.replacePercent ?? 50;
  const spans = findProtectedSpans(spun, options.protectedWords);
  const edits: HtmlEdit[] = [];
  let spanIndex = 0;
  for (const run of scanHtml(spun).runs) {
    if (run.skipped || run.inLink) continue;
    const slice = spun.slice(run.start, run.end);
    WORD.lastIndex = 0;
    for (let m = WORD.exec(slice); m !== null; m = WORD.exec(slice)) {
      const start = run.start + m.index;
      const end = start + m[0].length;
      while (spanIndex < spans.length && spans[spanIndex]!.end <= start) spanIndex += 1;
      const span = spans[spanIndex];
      if (span && span.start < end) continue;
      const choices = options.synonyms.get(m[0].toLowerCase());
      if (!choices || choices.length === 0 || !rng.chance(percent)) continue;
      edits.push({ start, end, html: matchCase(m[0], rng.pick(choices)) });
    }
  }
  return applyEdits(spun, edits);
}
