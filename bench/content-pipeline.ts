/**
 * Content pipeline micro-benchmark (not a test): CPU ms and memory per post for a 2,000-word
 * spintax article, for each link placement, with and without the synonym spinner.
 *
 *   node --import tsx --expose-gc bench/content-pipeline.ts
 *
 * BENCH_POSTS (default 1000) posts per case after 100 warm-up posts. Prints figures; asserts nothing.
 */
import './support/local-peers';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { LINK_PLACEMENTS, buildPost, createRng, type AnchorKeywords, type PostInput, type SynonymMap } from '../packages/shared/src/index';

const POSTS = Number(process.env.BENCH_POSTS ?? 1000);
const WARM_UP = 100;

const WORDS = ['shoes', 'running', 'trail', 'light', 'comfort', 'runner', 'distance', 'speed', 'grip', 'sole', 'foam', 'heel', 'daily', 'training', 'race', 'fit'];
const GROUPS = ['{quick|fast|rapid}', '{good|great|{fine|solid}}', '{choose|pick|select}', '{many|several|plenty of}'];

/** A deterministic article of `words` words: sentences of 12, paragraphs of 6 sentences, a spin group every 8 words. */
function article(words: number): string {
  const rng = createRng('bench-article');
  const paragraphs: string[] = [];
  let sentence: string[] = [];
  let paragraph: string[] = [];
  for (let i = 0; i < words; i += 1) {
    sentence.push(i % 8 === 7 ? rng.pick(GROUPS) : i % 97 === 0 ? 'Acme|Run' : rng.pick(WORDS));
    if (sentence.length === 12) {
      paragraph.push(`${sentence.join(' ')}.`);
      sentence = [];
      if (paragraph.length === 6) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
    }
  }
  if (sentence.length > 0) paragraph.push(`${sentence.join(' ')}.`);
  if (paragraph.length > 0) paragraphs.push(paragraph.join(' '));
  return paragraphs.join('\n');
}

const keywords: AnchorKeywords = {
  useKeyword: true, primaryKeyword: 'running shoes', secondaryKeyword: 'trail shoes, road shoes', brandedKeyword: 'Acme Run', genericKeyword: 'click here, this site',
  primaryPercentage: 40, secondaryPercentage: 25, brandedPercentage: 15, genericPercentage: 10, nakedUrlPercentage: 10,
};
const links = Array.from({ length: 1000 }, (_, i) => ({ url: `https://target${i % 50}.example/page-${i}`, anchor: `target page ${i}` }));
const synonyms: SynonymMap = new Map(WORDS.map((word) => [word, [`${word}s`, `${word}er`]]));

function baseInput(body: string): Omit<PostInput, 'placement'> {
  return {
    article: { title: '{Best|Top} running shoes for {2025|this year}', body },
    protectedWords: 'Acme|Run, running shoes, trail shoes, road shoes',
    linkSources: [
      { linkSetId: 1, links, keywords, minLinks: 2, maxLinks: 4, linkProb: 100 },
      { linkSetId: 2, links, keywords: null, minLinks: 1, maxLinks: 2, linkProb: 50 },
    ],
    tags: 'shoes, {running|jogging}, fitness',
    images: { urls: Array.from({ length: 10 }, (_, i) => `https://img.example/${i}.jpg`), min: 1, max: 3, position: 'Random' },
    videos: { urls: ['https://youtu.be/dQw4w9WgXcQ', 'https://v.example/a.mp4'], min: 1, max: 1, position: 'Random' },
  };
}

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Bytes one post allocates: heap growth over a single build right after a full gc (median of 31 samples). */
function allocatedPerPost(input: PostInput): number | null {
  if (!gc) return null;
  const samples: number[] = [];
  for (let i = 0; i < 31; i += 1) {
    gc();
    const before = process.memoryUsage().heapUsed;
    buildPost(input, createRng(`alloc:${i}`));
    samples.push(process.memoryUsage().heapUsed - before);
  }
  return samples.sort((a, b) => a - b)[15]!;
}

function measure(label: string, input: PostInput): void {
  for (let i = 0; i < WARM_UP; i += 1) buildPost(input, createRng(`warm:${i}`));
  const allocated = allocatedPerPost(input);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  let bytes = 0;
  let placedLinks = 0;
  for (let i = 0; i < POSTS; i += 1) {
    const post = buildPost(input, createRng(`post:${i}`));
    bytes += post.html.length;
    placedLinks += post.links.length;
  }
  const elapsed = performance.now() - wall;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / POSTS;
  process.stdout.write(
    `${label.padEnd(36)} ${cpuMs.toFixed(3).padStart(6)} CPU ms/post  ${(elapsed / POSTS).toFixed(3).padStart(6)} wall ms/post  `
    + `${(POSTS / (elapsed / 1000)).toFixed(0).padStart(5)} posts/s  `
    + `${allocated === null ? 'alloc n/a' : `${(allocated / 1024).toFixed(0).padStart(4)} KiB allocated/post`}  `
    + `${(bytes / POSTS / 1024).toFixed(1)} KiB html, ${(placedLinks / POSTS).toFixed(2)} links/post\n`,
  );
}

function main(): void {
  const body = article(2000);
  const words = body.split(/\s+/).length;
  process.stdout.write(`Content pipeline: ${words}-word article (${(body.length / 1024).toFixed(1)} KiB spintax), ${POSTS} posts per case, ${os.cpus().length} cores, Node ${process.version}${gc ? '' : ' (run with --expose-gc for steadier heap figures)'}\n`);
  const input = baseInput(body);
  for (const [placement] of LINK_PLACEMENTS) measure(`spintax, ${placement}`, { ...input, placement });
  measure('spintax + synonyms, RandomSentence', { ...input, placement: 'RandomSentence', synonyms });
  gc?.();
  const memory = process.memoryUsage();
  process.stdout.write(`after all cases: heap used ${mb(memory.heapUsed)}, rss ${mb(memory.rss)}, peak rss ${mb(process.resourceUsage().maxRSS * 1024)}\n`);
}

main();
