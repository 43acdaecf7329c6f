import { decodeEntities } from '@linkloom/shared';
import { bodyText, distinguishingWords } from '../distinguishing-words';

/**
 * Page ids as DokuWiki writes them (inc/pageutils.php cleanID with the default settings: lower
 * case, accented Latin letters without their accents, `_` between words, no namespace). The ids
 * made here are already clean — plain letters, digits and single `_` — so the wiki keeps them as
 * they are and the name recorded is the page's id.
 */

/** Longest id, counted as the wiki stores it (fnencode=url: a non-ASCII byte takes three). */
const MAX_ID_ENCODED = 180;

/** DokuWiki's own replacements for letters that do not decompose, and its German-style umlauts. */
const SPECIAL_LETTERS = new Map(Object.entries({
  ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ð: 'dh', þ: 'th', ł: 'l', đ: 'd', ħ: 'h', ı: 'i', ŀ: 'l', ŉ: 'n', ſ: 's', ĸ: 'k', ŧ: 't',
}));

const encodedLength = (text: string): number => encodeURIComponent(text).length;

/** One letter lower case and without its accents, as the wiki writes it. */
function plainLetter(char: string): string {
  const special = SPECIAL_LETTERS.get(char);
  if (special !== undefined) return special;
  // A Latin letter with marks decomposes into the letter and the marks: keep the letter.
  const decomposed = char.normalize('NFD');
  const base = decomposed.replace(/\p{M}+/gu, '');
  return /^[a-z]+$/.test(base) ? base : char.normalize('NFC');
}

/**
 * A text as a page id: lower case, accents off, every run of characters that are not letters or
 * digits one `_`, none at either end, at most MAX_ID_ENCODED long (cut at a `_`). '' when nothing is
 * left.
 */
export function pageIdOf(text: string): string {
  const plain = decodeEntities(text.replace(/<[^>]*>/g, ' ')).toLowerCase();
  let id = '';
  let gap = false;
  for (const char of plain.normalize('NFC')) {
    // A mark left over (the dot of a lower-cased `İ`) belongs to its letter: dropped, no gap.
    if (/\p{M}/u.test(char)) continue;
    if (/[\p{L}\p{N}]/u.test(char)) {
      if (gap && id !== '') id += '_';
      gap = false;
      id += /[a-z0-9]/.test(char) ? char : plainLetter(char);
    } else {
      gap = true;
    }
  }
  return cutId(id, MAX_ID_ENCODED);
}

function cutId(id: string, maxEncoded: number): string {
  if (encodedLength(id) <= maxEncoded) return id;
  let cut = '';
  let length = 0;
  for (const char of id) {
    const size = encodedLength(char);
    if (length + size > maxEncoded) break;
    cut += char;
    length += size;
  }
  const gap = cut.lastIndexOf('_');
  return (gap > cut.length / 2 ? cut.slice(0, gap) : cut).replace(/_+$/, '');
}

/**
 * The page ids a post may take, best first: its title as an id, then the title told apart by a
 * word of its own text, as a wiki's editors name a second page (`tomato_care_pruning`), then by two
 * such words when every single one is taken. Never a number.
 */
export function pageIdCandidates(title: string, html: string): string[] {
  const base = pageIdOf(title) || pageIdOf(bodyText(html).split(' ').slice(0, 8).join(' '));
  if (base === '') return [];
  const words = distinguishingWords(html, title).map(pageIdOf).filter((word) => word !== '');
  const qualified = (suffix: string) => `${cutId(base, MAX_ID_ENCODED - encodedLength(suffix) - 1)}_${suffix}`;
  const pairs = words.slice(0, 6).flatMap((first, i) => words.slice(i + 1, 6).map((second) => `${first}_${second}`));
  return [...new Set([base, ...words.map(qualified), ...pairs.map(qualified)])];
}

/** A user name as DokuWiki's plain auth keeps it (lower case, separators as `_`): for comparing authors. */
export function sameWikiUser(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const clean = (name: string) => name.trim().toLowerCase().replace(/[\s:/;]+/g, '_');
  return clean(a) === clean(b);
}
