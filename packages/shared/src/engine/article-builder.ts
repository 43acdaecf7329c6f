import type { Rng } from './random';
import type { SynonymMap } from './synonym-spinner';

/**
 * The built-in article builder (offline): readable articles for a category from a public-domain
 * corpus. The corpus is split into whole sentences; sentences that only make sense in a speech
 * (first person singular, thanks, applause, forms of address) are dropped; runs of consecutive
 * sentences on one category's topic become passages. An article is passages of its category —
 * sentences exactly as the corpus has them — picked by a seeded draw (passages that mention the
 * keywords first) until the asked word count, with the keywords worked into the title and into an
 * opening and a closing sentence. Loading the corpus is the server's job (engine/article-sources).
 */

export interface BuilderCategory {
  id: number;
  name: string;
  /** Lower-case words (or word starts ending in `*`) that mark a sentence as on this topic. */
  topics: readonly string[];
}

/** The categories the built-in builder offers (articleBuilderCategories), ids stable. */
export const BUILDER_CATEGORIES: readonly BuilderCategory[] = [
  { id: 1, name: 'Agriculture and farming', topics: ['farm*', 'agricultur*', 'crop*', 'harvest*', 'grain*', 'wheat', 'corn', 'cotton', 'livestock', 'rural', 'soil'] },
  { id: 2, name: 'Business and the economy', topics: ['business*', 'econom*', 'industr*', 'prosperity', 'growth', 'market*', 'investment*', 'enterprise*', 'productivity', 'inflation'] },
  { id: 3, name: 'Education and schools', topics: ['educat*', 'school*', 'teacher*', 'student*', 'college*', 'universit*', 'learning', 'classroom*', 'literacy'] },
  { id: 4, name: 'Health and medicine', topics: ['health', 'medical', 'medicine*', 'disease*', 'hospital*', 'patient*', 'doctor*', 'illness', 'cancer', 'insurance'] },
  { id: 5, name: 'Energy and fuel', topics: ['energy', 'oil', 'gas', 'coal', 'fuel*', 'electric*', 'nuclear', 'petroleum', 'solar', 'power'] },
  { id: 6, name: 'Environment and conservation', topics: ['conservation', 'forest*', 'environment*', 'pollution', 'wildlife', 'parks', 'clean', 'water', 'land', 'climate'] },
  { id: 7, name: 'Taxes and public finance', topics: ['tax', 'taxes', 'taxation', 'revenue*', 'budget*', 'debt', 'deficit*', 'spending', 'treasury', 'expenditure*'] },
  { id: 8, name: 'Trade and exports', topics: ['trade', 'tariff*', 'export*', 'import*', 'commerce', 'markets', 'goods', 'shipping'] },
  { id: 9, name: 'Transportation and roads', topics: ['railroad*', 'railway*', 'highway*', 'roads', 'transport*', 'aviation', 'airport*', 'traffic', 'bridges', 'transit'] },
  { id: 10, name: 'Jobs and work', topics: ['worker*', 'labor', 'jobs', 'employ*', 'unemploy*', 'wage*', 'union*', 'training', 'workplace*'] },
  { id: 11, name: 'Science and technology', topics: ['scien*', 'research*', 'technolog*', 'space', 'discover*', 'invent*', 'innovation*', 'laborator*', 'computer*'] },
  { id: 12, name: 'Housing and cities', topics: ['housing', 'home*', 'cities', 'city', 'urban', 'rent*', 'mortgage*', 'neighborhood*', 'communities'] },
];

export interface CorpusDocument {
  /** Where the text comes from (e.g. "State of the Union, 1962, John F Kennedy"). */
  source: string;
  text: string;
}

export interface Passage {
  categoryId: number;
  source: string;
  sentences: readonly string[];
  words: number;
  /** Lower-cased text, for keyword preference. */
  lower: string;
}

export interface BuilderCorpus {
  passages: ReadonlyMap<number, readonly Passage[]>;
  /** Every kept sentence, for checks (a built article's sentences come from here). */
  sentences: ReadonlySet<string>;
}

// A sentence ends at . ! or ? (and closing quotes), before white space and an upper-case letter or
// an opening quote; abbreviations such as "Mr." or "U.S." do not end one.
const SENTENCE_BREAK = /(?<=[.!?]["\u201d\u2019)]?)\s+(?=["\u201c\u2018(]?[A-Z])/u;
const ABBREVIATION = /(?:\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Gen|Gov|Sen|Rep|No|Vol|Co|Inc|Ltd|vs|etc|i\.e|e\.g)|\b[A-Z])\.$/u;
/** Sentences that only work spoken, or address the audience: left out of articles. */
const SPEECH_ONLY = /\b(I|I'm|I've|I'd|I'll|me|my|myself|mine|tonight|applause|laughter|Congress|Speaker|Madam|ladies|gentlemen|thank you|Senators?|Representatives?|hereby|herewith|transmit\w*|message|session|fiscal year|Mr|Mrs)\b|[\u2014\u2013]{2}|\(|\[/;

/** A section heading run into the next sentence ("AGRICULTURE Aided by…"). */
const HEADING = /\b[A-Z]{4,}\b/;

/** Whole sentences of a text (abbreviations kept inside their sentence). */
export function splitSentences(text: string): string[] {
  const parts = text.replace(/\s+/g, ' ').trim().split(SENTENCE_BREAK);
  const sentences: string[] = [];
  for (const part of parts) {
    const last = sentences[sentences.length - 1];
    if (last !== undefined && ABBREVIATION.test(last)) sentences[sentences.length - 1] = `${last} ${part}`;
    else sentences.push(part);
  }
  return sentences;
}

const wordCount = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu) ?? []).length;

/** A sentence fit for an article: 8–45 words, starts with a capital and ends with a full stop, no speech-only wording, no heading or stray punctuation. */
function isArticleSentence(sentence: string): boolean {
  const words = wordCount(sentence);
  return words >= 8 && words <= 45 && /^["\u201c\u2018]?[A-Z]/.test(sentence) && /[.!?]["\u201d\u2019]?$/.test(sentence) && !SPEECH_ONLY.test(sentence)
    && !HEADING.test(sentence) && !/\s\.\S|\.\s+\.|\s[,.;:]/.test(sentence);
}

function topicMatcher(category: BuilderCategory): RegExp {
  const alternatives = category.topics.map((topic) => (topic.endsWith('*') ? `${topic.slice(0, -1)}\\w*` : topic));
  return new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'gi');
}

const PASSAGE_MAX_SENTENCES = 6;

/**
 * Splits the documents into sentences and gathers, per category, passages: runs of 2–6
 * consecutive article sentences of one document each naming the topic (one sentence in between
 * that does not is allowed), with at least three topic words in all.
 */
export function indexCorpus(documents: readonly CorpusDocument[], categories: readonly BuilderCategory[] = BUILDER_CATEGORIES): BuilderCorpus {
  const matchers = categories.map((category) => ({ category, pattern: topicMatcher(category) }));
  const passages = new Map<number, Passage[]>(categories.map((category) => [category.id, []]));
  const kept = new Set<string>();
  for (const document of documents) {
    const sentences = splitSentences(document.text).filter(isArticleSentence);
    for (const sentence of sentences) kept.add(sentence);
    const hits = matchers.map(({ pattern }) => sentences.map((sentence) => (sentence.match(pattern) ?? []).length));
    matchers.forEach(({ category }, c) => {
      const counts = hits[c]!;
      let i = 0;
      while (i < sentences.length) {
        if (counts[i] === 0) {
          i += 1;
          continue;
        }
        let end = i + 1;
        while (end < sentences.length && end - i < PASSAGE_MAX_SENTENCES
          && (counts[end]! > 0 || (end + 1 < sentences.length && counts[end + 1]! > 0 && end + 1 - i < PASSAGE_MAX_SENTENCES))) end += 1;
        const run = sentences.slice(i, end);
        const topicWords = counts.slice(i, end).reduce((sum, n) => sum + n, 0);
        if (run.length >= 2 && topicWords >= 3) {
          const text = run.join(' ');
          passages.get(category.id)!.push({ categoryId: category.id, source: document.source, sentences: run, words: wordCount(text), lower: text.toLowerCase() });
        }
        i = end;
      }
    });
  }
  return { passages, sentences: kept };
}

export interface BuildArticleRequest {
  categoryId: number;
  /** 300–1000 (spec 3 §5). */
  wordCount: number;
  /** Comma- or line-separated keywords worked into the article. */
  keywords?: string;
  /** Answer the body as spintax (synonym groups) instead of plain text. */
  spin?: boolean;
}

export interface BuiltArticle {
  title: string;
  /** Plain text, paragraphs separated by a blank line. */
  body: string;
  /** Words of the body as written (spintax: of its first options). */
  words: number;
  /** The corpus documents the passages came from. */
  sources: string[];
}

export class UnknownCategoryError extends Error {
  constructor(readonly categoryId: number) {
    super(`The article builder has no category ${categoryId}`);
  }
}

const OPENINGS = [
  (k: string, c: string) => `Anyone looking into ${k} soon finds that it belongs to a wider story about ${c}.`,
  (k: string, c: string) => `What follows puts ${k} in the setting it needs: ${c}, as it has been argued over for generations.`,
  (k: string, c: string) => `Before deciding anything about ${k}, it helps to read what has been said about ${c} over the years.`,
];
const CLOSINGS = [
  (k: string) => `Whatever your view of ${k}, these are the questions worth keeping in mind.`,
  (k: string) => `Seen this way, ${k} is less a single decision than a long line of choices.`,
  (k: string) => `Those points are a good place to start when ${k} comes up next.`,
];
const TITLES = [
  (k: string, c: string) => `${k}: lessons from ${c}`,
  (k: string, c: string) => `What ${c} teaches us about ${k}`,
  (k: string, c: string) => `${k} and the long debate over ${c}`,
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Keywords of the request: split at commas and line breaks, trimmed, no empties or duplicates. */
export function builderKeywords(text: string | undefined): string[] {
  const seen = new Map<string, string>();
  for (const part of (text ?? '').split(/[,\r\n]+/)) {
    const keyword = part.trim();
    if (keyword !== '' && !seen.has(keyword.toLowerCase())) seen.set(keyword.toLowerCase(), keyword);
  }
  return [...seen.values()];
}

/** Passages of a category, those naming a keyword first, each group in a seeded order. */
function orderedPassages(all: readonly Passage[], keywords: readonly string[], rng: Rng): Passage[] {
  const lowered = keywords.map((k) => k.toLowerCase());
  const naming = all.filter((p) => lowered.some((k) => p.lower.includes(k)));
  const rest = all.filter((p) => !lowered.some((k) => p.lower.includes(k)));
  return [...rng.shuffle(naming), ...rng.shuffle(rest)];
}

/** Words of a text with synonyms as `{word|synonym…}` groups (about a third of them), names and keywords left alone. */
export function toSpintax(text: string, synonyms: SynonymMap, rng: Rng, keep: readonly string[] = []): string {
  const kept = new Set(keep.flatMap((k) => k.toLowerCase().split(/\s+/)));
  return text.replace(/(^|[^\p{L}])(\p{L}+)(?=[^\p{L}'\u2019-]|$)/gu, (whole, before: string, word: string, offset: number) => {
    const lower = word.toLowerCase();
    const choices = synonyms.get(lower);
    const sentenceStart = offset === 0 || /[.!?]\s*$/.test(text.slice(Math.max(0, offset - 3), offset + before.length));
    if (!choices || kept.has(lower) || (word !== lower && !sentenceStart) || !rng.chance(35)) return whole;
    const cased = (choice: string) => (word === lower ? choice : capitalise(choice));
    return `${before}{${[word, ...choices.map(cased)].join('|')}}`;
  });
}

/**
 * An article of about `wordCount` words for a category: passages of the category in a seeded
 * order (keyword passages first), whole sentences only; the last passage is cut at a sentence so
 * the article lands near the asked count; with keywords, a title, an opening and a closing
 * sentence naming them. With `spin`, the body as spintax (needs `synonyms`).
 */
export function buildArticle(corpus: BuilderCorpus, request: BuildArticleRequest, rng: Rng, synonyms?: SynonymMap): BuiltArticle {
  const category = BUILDER_CATEGORIES.find((c) => c.id === request.categoryId);
  const all = corpus.passages.get(request.categoryId);
  if (!category || !all || all.length === 0) throw new UnknownCategoryError(request.categoryId);
  const keywords = builderKeywords(request.keywords);
  const topic = category.name.toLowerCase();
  const main = keywords[0] ?? category.name;
  const opening = keywords.length > 0 ? rng.pick(OPENINGS)(keywords.join(', '), topic) : null;
  const closing = keywords.length > 0 ? rng.pick(CLOSINGS)(main) : null;
  const extra = (opening ? wordCount(opening) : 0) + (closing ? wordCount(closing) : 0);

  const paragraphs: string[] = [];
  const sources = new Set<string>();
  let words = extra;
  for (const passage of orderedPassages(all, keywords, rng)) {
    if (words >= request.wordCount) break;
    const sentences: string[] = [];
    for (const sentence of passage.sentences) {
      const n = wordCount(sentence);
      // Stop at the sentence that would overshoot by more than half of itself.
      if (words + n > request.wordCount && words + n / 2 > request.wordCount) break;
      sentences.push(sentence);
      words += n;
    }
    if (sentences.length === 0) continue;
    paragraphs.push(sentences.join(' '));
    sources.add(passage.source);
  }
  if (opening) paragraphs[0] = `${opening} ${paragraphs[0] ?? ''}`.trim();
  if (closing) paragraphs.push(closing);
  const title = keywords.length > 0 ? capitalise(rng.pick(TITLES)(main, topic)) : category.name;
  let body = paragraphs.join('\n\n');
  if (request.spin && synonyms) body = toSpintax(body, synonyms, rng, keywords);
  return { title, body, words, sources: [...sources] };
}
