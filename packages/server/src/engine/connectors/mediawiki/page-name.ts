import { decodeEntities } from '@linkloom/shared';
import { bodyText, distinguishingWords } from '../distinguishing-words';

/** MediaWiki keeps page titles to 255 bytes (UTF-8). */
const MAX_TITLE_BYTES = 255;

/**
 * A post title as a page title a wiki takes: markup and the characters a title cannot hold
 * (`# < > [ ] | { }`, control characters, `~~~` signatures, `%` before two hex digits) dropped, underscores read as spaces,
 * white space collapsed, a leading colon removed, at most 255 bytes (cut at a space). The wiki still
 * normalises it (first letter upper case): the name recorded is the one it answers with.
 */
export function pageTitleOf(title: string): string {
  const text = decodeEntities(title.replace(/<[^>]*>/g, ' '))
    .replace(/[#<>[\]|{}\p{Cc}]/gu, ' ')
    .replace(/~{3,}/g, ' ')
    // `%` and two hex digits would read as an encoded character, which a title may not hold.
    .replace(/%(?=[0-9a-f]{2})/gi, '% ')
    .replace(/[_\s]+/g, ' ')
    .trim()
    .replace(/^:+\s*/, '');
  return cutToBytes(text, MAX_TITLE_BYTES);
}

function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let cut = '';
  for (const char of text) {
    if (Buffer.byteLength(cut + char) > maxBytes) break;
    cut += char;
  }
  const space = cut.lastIndexOf(' ');
  return (space > cut.length / 2 ? cut.slice(0, space) : cut).trim();
}

/**
 * The page titles a post may take, best first: its title, then its title told apart by a word of
 * its own text in brackets, as a wiki's editors disambiguate ("Tomato care (Pruning)"); then by two
 * such words when every single one is taken. Never a number.
 */
export function pageNameCandidates(title: string, html: string): string[] {
  const base = pageTitleOf(title) || pageTitleOf(bodyText(html).split(' ').slice(0, 8).join(' '));
  if (base === '') return [];
  const words = distinguishingWords(html, title);
  const qualified = (words: string) => {
    const suffix = ` (${words})`;
    return `${cutToBytes(base, MAX_TITLE_BYTES - Buffer.byteLength(suffix))}${suffix}`;
  };
  const pairs = words.slice(0, 6).flatMap((first, i) => words.slice(i + 1, 6).map((second) => `${first}, ${second.toLowerCase()}`));
  return [...new Set([base, ...words.map(qualified), ...pairs.map(qualified)])];
}
