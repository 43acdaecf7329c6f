import { describe, expect, it } from 'vitest';
import { BUILDER_CATEGORIES, buildArticle, createRng, spin, splitSentences } from '@linkloom/shared';
import { builtInCorpus } from '../../src/engine/article-sources/built-in/corpus';
import { builtInSynonyms } from '../../src/engine/spinners/built-in/thesaurus';

const words = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;

describe('built-in thesaurus (WordNet)', () => {
  const synonyms = builtInSynonyms();

  it('has thousands of entries, each lower-case single words, never the word itself', () => {
    expect(synonyms.size).toBeGreaterThan(3000);
    for (const [word, choices] of synonyms) {
      expect(word).toMatch(/^[a-z]+$/);
      for (const choice of choices) {
        expect(choice).toMatch(/^[a-z]+$/);
        expect(choice).not.toBe(word);
      }
    }
  });

  it('gives the common sense only, and leaves auxiliaries, very common words and verb forms out', () => {
    expect(synonyms.get('car')).toContain('automobile');
    expect(synonyms.get('quickly')).toContain('rapidly');
    for (const word of ['have', 'make', 'get', 'people', 'means', 'opening', 'time']) expect(synonyms.has(word), word).toBe(false);
  });
});

describe('built-in article builder (State of the Union corpus)', () => {
  const corpus = builtInCorpus();

  it('has passages for every category it offers', () => {
    for (const category of BUILDER_CATEGORIES) expect(corpus.passages.get(category.id)?.length ?? 0, category.name).toBeGreaterThan(20);
  });

  it.each([300, 600, 1000])('builds a %i-word article of whole corpus sentences on the category topic, keywords worked in', (wordCount) => {
    const category = BUILDER_CATEGORIES.find((c) => c.name === 'Energy and fuel')!;
    const article = buildArticle(corpus, { categoryId: category.id, wordCount, keywords: 'solar panels, heat pumps' }, createRng(`w${wordCount}`));
    expect(Math.abs(words(article.body) - wordCount)).toBeLessThanOrEqual(wordCount * 0.1);
    expect(article.title.toLowerCase()).toContain('solar panels');
    const paragraphs = article.body.split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(2);
    const sentences = splitSentences(article.body.replace(/\n\n/g, ' '));
    const own = sentences.filter((sentence) => !corpus.sentences.has(sentence));
    // Only the opening and the closing sentence are the builder's own: both name a keyword.
    expect(own).toHaveLength(2);
    for (const sentence of own) expect(sentence.toLowerCase()).toMatch(/solar panels|heat pumps/);
    // On topic: most corpus sentences name one of the category's topic words.
    const topic = new RegExp(`\\b(?:${category.topics.map((t) => (t.endsWith('*') ? `${t.slice(0, -1)}\\w*` : t)).join('|')})\\b`, 'i');
    const corpusSentences = sentences.filter((sentence) => corpus.sentences.has(sentence));
    expect(corpusSentences.filter((sentence) => topic.test(sentence)).length / corpusSentences.length).toBeGreaterThan(0.6);
  });

  it('answers spintax on request, which spins back to readable corpus text', () => {
    const article = buildArticle(corpus, { categoryId: 1, wordCount: 400, spin: true }, createRng('spin'), builtInSynonyms());
    expect(article.body).toMatch(/\{[a-z]+\|[a-z|]+\}/i);
    const first = article.body.replace(/\{([^|}]*)\|[^}]*\}/g, '$1');
    for (const sentence of splitSentences(first.replace(/\n\n/g, ' '))) expect(corpus.sentences.has(sentence), sentence).toBe(true);
    expect(spin(article.body, createRng(1))).not.toMatch(/[{}|]/);
  });

  it('differs by seed and is the same for one seed', () => {
    const a = buildArticle(corpus, { categoryId: 3, wordCount: 500 }, createRng('a'));
    expect(buildArticle(corpus, { categoryId: 3, wordCount: 500 }, createRng('a'))).toEqual(a);
    expect(buildArticle(corpus, { categoryId: 3, wordCount: 500 }, createRng('b')).body).not.toBe(a.body);
  });
});
