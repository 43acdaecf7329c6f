/**
 * Protected words (a content group's wordsNottobeChanged, spec 3: comma-separated; line breaks
 * separate too). A protected word is found case-insensitively, on word boundaries where it starts
 * or ends with a letter or digit, and is then kept exactly as it is written in the text: spintax
 * characters inside it (`|`, braces) are not syntax, and no synonym replaces any part of it.
 */

/** One protected span of a text: [start, end). */
export interface TextSpan {
  start: number;
  end: number;
}

/** The words of a wordsNottobeChanged text: split at commas and line breaks, trimmed, no empties, no duplicates. */
export function parseProtectedWords(text: string): string[] {
  const seen = new Map<string, string>();
  for (const word of text.split(/[,\r\n]+/)) {
    const trimmed = word.trim();
    if (trimmed !== '' && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
// Only syntax characters are escaped: under the `u` flag an escaped `-` is a syntax error.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function wordPattern(word: string): string {
  const body = escapeRegExp(word).replace(/\s+/g, '\\s+');
  const before = WORD_CHAR.test(word[0] ?? '') ? '(?<![\\p{L}\\p{N}_])' : '';
  const after = WORD_CHAR.test(word[word.length - 1] ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
  return `${before}${body}${after}`;
}

// One compiled pattern per list: a post spins title, body and tags with the same list, and a run
// spins many posts with it.
let cached: { key: string; pattern: RegExp | null } | null = null;

function protectedPattern(words: readonly string[]): RegExp | null {
  const key = words.join('\n');
  if (cached?.key === key) return cached.pattern;
  // Longest first, so at one position the longer protected phrase wins.
  const sorted = [...words].filter((w) => w.trim() !== '').sort((a, b) => b.length - a.length);
  const pattern = sorted.length === 0 ? null : new RegExp(sorted.map(wordPattern).join('|'), 'giu');
  cached = { key, pattern };
  return pattern;
}

/** Normalises either form callers hold: the raw settings text or a parsed list. */
export function toProtectedList(words: string | readonly string[] | undefined): readonly string[] {
  if (words === undefined) return [];
  return typeof words === 'string' ? parseProtectedWords(words) : words;
}

/** The protected spans of `text`, left to right, never overlapping. */
export function findProtectedSpans(text: string, words: string | readonly string[] | undefined): TextSpan[] {
  const pattern = protectedPattern(toProtectedList(words));
  if (pattern === null) return [];
  const spans: TextSpan[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === '') {
      pattern.lastIndex += 1;
      continue;
    }
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}
