import { decodeEntities } from '@linkloom/shared';
import { bodyText, distinguishingWords } from '../distinguishing-words';

/** WordPress keeps post_name to 200 characters (URL-encoded). */
const MAX_SLUG_LENGTH = 200;

/** Letters remove_accents() spells out rather than drops a mark from. */
const SPELLED_OUT: Record<string, string> = {
  ß: 'ss', ẞ: 'SS', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', ð: 'd', Ð: 'D', ı: 'i', ħ: 'h', Ħ: 'H', ŀ: 'l', Ŀ: 'L', ŋ: 'n', Ŋ: 'N',
};

/**
 * A title as WordPress's sanitize_title() makes a slug of it (remove_accents, then
 * sanitize_title_with_dashes on save): Latin accents dropped, lower case, periods and white space
 * to hyphens, other punctuation removed, letters of other scripts URL-encoded (lower-case hex),
 * hyphens collapsed and trimmed, at most 200 characters. The result is unchanged by
 * sanitize_title(), so the slug sent, the slug stored and the slug looked up are one string.
 */
export function slugOfTitle(title: string, maxLength = MAX_SLUG_LENGTH): string {
  const text = decodeEntities(title.replace(/<[^>]*>/g, ' '));
  // One unit per character of the slug as a reader sees it: a cut never splits an encoded letter.
  const units: string[] = [];
  const hyphen = () => {
    if (units.length > 0 && units[units.length - 1] !== '-') units.push('-');
  };
  for (const char of text) {
    const plain = SPELLED_OUT[char] ?? (/\p{Script=Latin}/u.test(char) ? char.normalize('NFKD').replace(/\p{M}/gu, '') : char);
    for (const c of plain.toLowerCase()) {
      if (c === '-' || c === '.' || /[\s\u2010-\u2015]/u.test(c)) hyphen();
      else if (/[a-z0-9_]/.test(c)) units.push(c);
      else if (/[\p{L}\p{M}\p{N}]/u.test(c)) units.push(encodeURIComponent(c).toLowerCase());
    }
  }
  while (units[units.length - 1] === '-') units.pop();
  return truncate(units, maxLength);
}

/** At most `maxLength` characters (URL-encoded), cut at a hyphen in the second half when there is one. */
function truncate(units: string[], maxLength: number): string {
  let length = 0;
  let end = 0;
  while (end < units.length && length + units[end]!.length <= maxLength) length += units[end++]!.length;
  if (end === units.length) return units.join('');
  const kept = units.slice(0, end);
  const lastHyphen = kept.lastIndexOf('-');
  return (lastHyphen > end / 2 ? kept.slice(0, lastHyphen) : kept).join('').replace(/-+$/, '');
}

/** Slugs WordPress would not keep as they are (feeds, embeds, bare numbers that read as archives or pages). */
export function isReservedSlug(slug: string): boolean {
  return ['feed', 'rdf', 'rss', 'rss2', 'atom', 'embed'].includes(slug) || /^(?:page)?\d+$/.test(slug);
}

/**
 * The slugs a post may take, best first: its title's, then its title's told apart by a word of its
 * own text (`tomato-care-pruning`), as a person edits a slug that is taken. No number is ever added:
 * WordPress adds `-2` itself only when a name is taken between our look and its save, and such a
 * slug then still points back at the name we recorded.
 */
export function slugCandidates(title: string, html: string): string[] {
  const base = slugOfTitle(title) || slugOfTitle(bodyText(html).split(' ').slice(0, 8).join(' ')) || 'untitled';
  const candidates = [base, ...distinguishingWords(html, title).map((word) => withWord(base, slugOfTitle(word)))];
  return [...new Set(candidates)].filter((slug) => slug !== '' && !isReservedSlug(slug));
}

/** `base-word`, the base shortened (at a hyphen when it can) so that the word always fits. */
function withWord(base: string, word: string): string {
  if (word === '') return base;
  const room = MAX_SLUG_LENGTH - word.length - 1;
  return `${base.length <= room ? base : slugOfTitle(decodeURIComponent(base), room)}-${word}`;
}
