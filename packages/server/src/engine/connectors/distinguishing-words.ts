import { decodeEntities } from '@linkloom/shared';

/**
 * Words of a post's own text that tell it apart from another item of the same title, the way a
 * person names a second page "Tomato care (Pruning)": the text's most frequent words of five
 * letters or more, not already in the title (nor another form of a title word: "barrel" for
 * "barrels"), not common English words. Link anchors, captions and
 * embeds are left out (a name never carries a link keyword or a credit line). The order depends on
 * the text alone, so a retry of the same post meets the same words.
 */
export function distinguishingWords(html: string, title: string, limit = 24): string[] {
  const titleWords = new Set(wordsOf(title));
  const seen = new Map<string, { count: number; first: number }>();
  wordsOf(bodyText(html)).forEach((word, index) => {
    if ([...word].length < 5 || COMMON_WORDS.has(word) || sharesStem(word, titleWords)) return;
    const entry = seen.get(word);
    if (entry) entry.count += 1;
    else seen.set(word, { count: 1, first: index });
  });
  return [...seen]
    .sort(([, a], [, b]) => b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map(([word]) => capitalise(word));
}

/** Whether the word is a title word or another form of one (one begins with the other). */
function sharesStem(word: string, titleWords: ReadonlySet<string>): boolean {
  for (const titleWord of titleWords) {
    if (titleWord === word || ([...titleWord].length >= 4 && (word.startsWith(titleWord) || titleWord.startsWith(word)))) return true;
  }
  return false;
}

/** Elements whose content is no part of the text a name may come from. */
const SKIPPED = new Set(['a', 'figure', 'script', 'style', 'iframe', 'video']);

/**
 * The text a reader sees, without links' anchors, figures (images, videos, credit lines) or markup.
 * One pass over the HTML (an element left open skips the rest of the text, as a browser would show
 * it inside that element): linear for every input, unclosed tags included.
 */
export function bodyText(html: string): string {
  const parts: string[] = [];
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    const textEnd = lt === -1 ? html.length : lt;
    if (open.length === 0 && textEnd > at) parts.push(html.slice(at, textEnd));
    if (lt === -1) break;
    const gt = html.indexOf('>', lt + 1);
    if (gt === -1) break;
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, Math.min(gt + 1, lt + 40)));
    if (tag) {
      const name = tag[2]!.toLowerCase();
      if (SKIPPED.has(name)) {
        if (tag[1] === '') {
          if (html[gt - 1] !== '/') open.push(name);
        } else {
          const index = open.lastIndexOf(name);
          if (index !== -1) open.length = index;
        }
      }
    }
    parts.push(' ');
    at = gt + 1;
  }
  return decodeEntities(parts.join('')).replace(/\s+/g, ' ').trim();
}

/** Lower-case words of letters (apostrophes and inner hyphens kept, so "don't" stays one word). */
function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu) ?? []);
}

function capitalise(word: string): string {
  const [first = '', ...rest] = [...word];
  return first.toUpperCase() + rest.join('');
}

/** English words of five letters or more that say nothing about a text's subject. */
const COMMON_WORDS = new Set([
  'about', 'above', 'after', 'again', 'against', 'almost', 'along', 'already', 'although', 'always', 'among', 'another', 'anything',
  'around', 'because', 'become', 'becomes', 'before', 'being', 'below', 'between', 'beyond', 'could', 'couldn', 'doesn', 'doing',
  'during', 'either', 'enough', 'every', 'everything', 'first', 'found', 'further', 'getting', 'given', 'gives', 'going', 'great',
  'having', 'however', 'instead', 'itself', 'later', 'least', 'little', 'making', 'maybe', 'might', 'never', 'often', 'other',
  'others', 'otherwise', 'perhaps', 'quite', 'rather', 'really', 'right', 'second', 'seems', 'should', 'shouldn', 'since',
  'something', 'sometimes', 'still', 'their', 'theirs', 'themselves', 'there', 'therefore', 'these', 'thing', 'things', 'think',
  'those', 'though', 'three', 'through', 'together', 'under', 'until', 'usually', 'wants', 'where', 'whether', 'which', 'while',
  'whole', 'without', 'would', 'wouldn', 'years', 'yourself', 'yourselves',
]);
