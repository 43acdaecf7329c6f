/**
 * Built-in spinner and article builder benchmark (issue 16), not a test:
 * - spinner: words spun per second by the built-in spinner (spintax + WordNet synonyms, protected
 *   words and link keywords kept) on a 2,000-word article of real English; goal ≥ 1,000,000 words/s
 *   on one core;
 * - builder: milliseconds for one 1,000-word article from the shipped corpus; goal ≤ 50 ms.
 * Loading the thesaurus and the corpus (once per process) is reported apart.
 *
 *   node --import tsx bench/spinner.ts
 *
 * BENCH_ROUNDS (default 500) articles per figure after 50 warm-up rounds. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { buildArticle, createRng, spinWithSynonyms, BUILDER_CATEGORIES } from '../packages/shared/src/index';
import { builtInSynonyms } from '../packages/server/src/engine/spinners/built-in/thesaurus';
import { builtInCorpus } from '../packages/server/src/engine/article-sources/built-in/corpus';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const WARM_UP = 50;
const words = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;

function timed<T>(make: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = make();
  return { value, ms: performance.now() - start };
}

function main(): void {
  const thesaurus = timed(builtInSynonyms);
  const corpus = timed(builtInCorpus);
  process.stdout.write(`load: thesaurus ${thesaurus.ms.toFixed(0)} ms (${thesaurus.value.size} words), corpus ${corpus.ms.toFixed(0)} ms (${corpus.value.sentences.size} sentences)\n`);

  // A 2,000-word article of corpus text, in HTML paragraphs with a link, some spintax and protected words.
  const built = buildArticle(corpus.value, { categoryId: 2, wordCount: 2000 }, createRng('bench-spinner'));
  const article = built.body.split('\n\n').map((p, i) => (i === 1 ? `<p>{Today|Now}, <a href="https://example.com/">the economy</a> ${p}</p>` : `<p>${p}</p>`)).join('\n');
  const articleWords = words(built.body);
  const options = { synonyms: thesaurus.value, protectedWords: 'United States, American economy', keepWords: ['small business', 'tax cuts'], replacePercent: 50 };
  for (let i = 0; i < WARM_UP; i += 1) spinWithSynonyms(article, createRng(`w${i}`), options);
  let spun = '';
  const spin = timed(() => {
    for (let i = 0; i < ROUNDS; i += 1) spun = spinWithSynonyms(article, createRng(`r${i}`), options);
  });
  const perSecond = (articleWords * ROUNDS) / (spin.ms / 1000);
  process.stdout.write(`built-in spinner: ${articleWords}-word article, ${(spin.ms / ROUNDS).toFixed(2)} ms each, ${(perSecond / 1e6).toFixed(2)} M words/s on one core (goal ≥ 1 M words/s)\n`);
  process.stdout.write(`  sample: ${spun.slice(0, 160).replace(/\n/g, ' ')}…\n`);

  for (let i = 0; i < WARM_UP; i += 1) buildArticle(corpus.value, { categoryId: 1 + (i % BUILDER_CATEGORIES.length), wordCount: 1000, keywords: 'solar panels' }, createRng(`w${i}`));
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const request = { categoryId: 1 + (i % BUILDER_CATEGORIES.length), wordCount: 1000, keywords: 'solar panels, heat pumps', spin: i % 2 === 0 };
    times.push(timed(() => buildArticle(corpus.value, request, createRng(`b${i}`), thesaurus.value)).ms);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  process.stdout.write(`built-in article builder: 1,000-word article p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (half of them as spintax; goal ≤ 50 ms)\n`);
}

main();
