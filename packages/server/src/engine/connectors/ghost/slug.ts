/**
 * A Ghost post's slug, chosen before the engine records its intent: the title as a plain URL word
 * list (`tomato-care`), told apart by a word of the post's own text when the site already has it
 * (`tomato-care-pruning`), as a person edits a slug that is taken. Only a-z, 0-9 and hyphens:
 * Ghost keeps such a slug as sent (it makes other characters URL-safe its own way), so the slug
 * sent, the slug stored and the slug looked up after an unknown outcome are one string. Latin
 * accents are dropped, Cyrillic and Greek letters spelled in Latin; a title with none of these
 * takes the slug of its text's first words.
 */
import { decodeEntities } from '@linkloom/shared';
import { bodyText, distinguishingWords } from '../distinguishing-words';

/** Ghost's slug column holds 191 characters; Ghost's own `-2` for a slug taken meanwhile must still fit. */
export const MAX_GHOST_SLUG_LENGTH = 185;

// Maps, not object literals: a key like `constructor` must not find Object's members.
const SPELLED_OUT = new Map(Object.entries({ ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd', ı: 'i', ħ: 'h', ŀ: 'l', ŋ: 'n' }));
const CYRILLIC = new Map(Object.entries({
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'yo', є: 'ye', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'yi', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
}));
const GREEK = new Map(Object.entries({
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's',
  τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
}));

/** One character (lower case) as slug letters: '' when it has none, '-' for a word break. */
function slugLetters(char: string): string {
  if (/[a-z0-9]/.test(char)) return char;
  if (/[\s\-.\u2010-\u2015/_]/u.test(char)) return '-';
  const spelled = SPELLED_OUT.get(char) ?? CYRILLIC.get(char);
  if (spelled !== undefined) return spelled;
  const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
  const greek = GREEK.get(plain);
  if (greek !== undefined) return greek;
  return /^[a-z0-9]+$/.test(plain) ? plain : '';
}

/** The text as a Ghost slug: lower-case ASCII words joined by hyphens, at most `maxLength` long (cut at a hyphen when it can). */
export function ghostSlugOf(text: string, maxLength = MAX_GHOST_SLUG_LENGTH): string {
  const plain = decodeEntities(text.replace(/<[^>]*>/g, ' ')).toLowerCase();
  let slug = '';
  for (const char of plain) {
    const letters = slugLetters(char);
    if (letters === '-') {
      if (slug !== '' && !slug.endsWith('-')) slug += '-';
    } else slug += letters;
    if (slug.length > maxLength + 1) break;
  }
  slug = slug.replace(/-+$/, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > maxLength / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '');
}

/**
 * The slugs the post may take, best first: its title's (its text's first words' when the title
 * has no letters a slug can hold), then that told apart by each distinguishing word of its text.
 * Empty when neither title nor text has such letters.
 */
export function ghostSlugCandidates(title: string, html: string): string[] {
  const base = ghostSlugOf(title) || ghostSlugOf(bodyText(html).split(' ').slice(0, 8).join(' '));
  if (base === '') return [];
  const told = distinguishingWords(html, title).map((word) => withWord(base, ghostSlugOf(word)));
  return [...new Set([base, ...told])].filter((slug) => slug !== '');
}

function withWord(base: string, word: string): string {
  if (word === '') return base;
  const room = MAX_GHOST_SLUG_LENGTH - word.length - 1;
  return `${base.length <= room ? base : ghostSlugOf(base, room)}-${word}`;
}

/** The slug Ghost gives a post whose slug was taken when it saved it: `slug-2`, `slug-3`, … */
export function takenSlugVariants(slug: string, count = 8): string[] {
  return Array.from({ length: count }, (_, i) => `${slug}-${i + 2}`);
}
