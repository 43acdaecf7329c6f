import { scanHtml } from './html-scan';
import { findProtectedSpans, toProtectedList } from './protected-words';
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
  /**
   * Words and phrases kept like protected words on top of the group's (e.g. the link keywords a
   * ReplaceKeyword placement will look for after spinning).
   */
  keepWords?: readonly string[];
}

const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
const SENTENCE_END = /[.!?:;"\u201c\u201d'\u2018\u2019()[\]\n\r]/u;
const TITLE_CASE = /^\p{Lu}\p{Ll}/u;

/** The replacement written with the original's capitalisation (ALL CAPS, Capitalised or as listed). */
function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && original !== original.toLowerCase()) return replacement.toUpperCase();
  const first = original[0] ?? '';
  if (first !== first.toLowerCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Does the word at `index` of `text` start a sentence (or its text run, which begins at `runStart`)? */
function startsSentence(text: string, index: number, runStart: number): boolean {
  for (let i = index - 1; i >= runStart; i -= 1) {
    const char = text[i]!;
    if (char === ' ' || char === '\t') continue;
    return SENTENCE_END.test(char);
  }
  return true;
}

/** Whether a word takes "an" (by its sound's usual spelling; the common exceptions listed). */
function takesAn(word: string): boolean {
  const lower = word.toLowerCase();
  if (/^(hour|honest|honou?r|heir)/.test(lower)) return true;
  if (/^(uni|use|usu|uti|eu|one|once|ewe)/.test(lower)) return false;
  return /^[aeiou]/.test(lower);
}

/**
 * The built-in spinner: spintax first (see spin), then words of the text content (never markup,
 * code or link text) that have synonyms are replaced by one of them with `replacePercent`%
 * probability, keeping their capitalisation. Rules that keep the text readable:
 * - protected words (the group's and `keepWords`) are found again in the spun text and left
 *   untouched, so no synonym changes any part of one;
 * - proper nouns are kept: a word written capitalised inside a sentence (outside protected words)
 *   is a name there, and is then left alone everywhere in the text (also where it starts a sentence);
 * - "a"/"an" before a replaced word is made to agree with the replacement.
 */
export function spinWithSynonyms(text: string, rng: Rng, options: SynonymSpinOptions): string {
  const spun = spin(text, rng, options);
  if (options.synonyms.size === 0) return spun;
  const percent = options.replacePercent ?? 50;
  const protectedWords = options.keepWords && options.keepWords.length > 0
    ? [...toProtectedList(options.protectedWords), ...options.keepWords]
    : options.protectedWords;
  const spans = findProtectedSpans(spun, protectedWords);
  const runs = scanHtml(spun).runs;

  // One pass over the words of the editable text: where each is, and the names among them
  // (capitalised inside a sentence, outside protected words), never replaced anywhere.
  const starts: number[] = [];
  const ends: number[] = [];
  const names = new Set<string>();
  let r = 0;
  let spanIndex = 0;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(spun); m !== null; m = WORD.exec(spun)) {
    const start = m.index;
    while (r < runs.length && runs[r]!.end <= start) r += 1;
    const run = runs[r];
    if (!run) break;
    if (start < run.start || run.skipped || run.inLink) continue;
    const end = start + m[0].length;
    while (spanIndex < spans.length && spans[spanIndex]!.end <= start) spanIndex += 1;
    const span = spans[spanIndex];
    if (span && span.start < end) continue;
    starts.push(start);
    ends.push(end);
    if (TITLE_CASE.test(m[0]) && !startsSentence(spun, start, run.start)) names.add(m[0].toLowerCase());
  }

  // Replacements, in text order (so the edits need no sorting); "a"/"an" just before agrees.
  let output = '';
  let position = 0;
  for (let i = 0; i < starts.length; i += 1) {
    const start = starts[i]!;
    const end = ends[i]!;
    const word = spun.slice(start, end);
    const lower = word.toLowerCase();
    const choices = options.synonyms.get(lower);
    if (!choices || choices.length === 0 || names.has(lower) || !rng.chance(percent)) continue;
    const replacement = matchCase(word, rng.pick(choices));
    const before = i > 0 ? starts[i - 1]! : -1;
    if (before >= position && ends[i - 1]! - before <= 2 && /^\s+$/.test(spun.slice(ends[i - 1]!, start))) {
      const article = spun.slice(before, ends[i - 1]!);
      if (/^an?$/i.test(article)) {
        const agreeing = takesAn(replacement) ? 'an' : 'a';
        if (article.toLowerCase() !== agreeing) {
          output += spun.slice(position, before) + matchCase(article, agreeing);
          position = ends[i - 1]!;
        }
      }
    }
    output += spun.slice(position, start) + replacement;
    position = end;
  }
  return output + spun.slice(position);
}
