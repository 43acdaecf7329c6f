/**
 * Tier planning micro-benchmark (issue 34, not a test): what a run's Start spends choosing its
 * posts' links and articles (engine/runner/post-plan.ts, shared spreadTargets / planArticles), on
 * 10,000 posts over 1,000 targets, and how even the links land: the largest minus smallest links
 * per target over the whole tier (goal ≤ 1, ≤ 50 ms).
 *
 *   node --import tsx bench/tier-planning.ts
 *
 * Two layouts: the tier-2 posts on other blogs than the tier-1 targets, and on the same 100 blogs
 * (so each post skips the targets on its own domain). 1–3 links per post, as the wizard's default.
 * BENCH_RUNS (default 30) runs per case after 5 warm-up runs. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { createRng, linkSpread, planArticles, planLinks, spreadTargets, type TargetRequest } from '../packages/shared/src/index';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARM_UP = 5;
const POSTS = 10_000;
const TARGETS = 1_000;
const BLOGS = 100;

const blog = (i: number) => `https://blog${i}.example${i % 13}.com`;
const targets = Array.from({ length: TARGETS }, (_, i) => ({ url: `${blog(i % BLOGS)}/tier-1-post-${i}/`, anchor: `Tier 1 post ${i}` }));
const profiles = [{ linkSetId: 1, minLinks: 1, maxLinks: 3, linkProb: 100 }];
const counts = Array.from({ length: POSTS }, (_, i) => planLinks(profiles, createRng(`post-${i}/links`))[0]!.count);
const layouts: Record<string, TargetRequest[]> = {
  'other blogs': counts.map((count, i) => ({ siteUrl: `https://tier2-${i % 250}.example.org`, count })),
  'same 100 blogs': counts.map((count, i) => ({ siteUrl: blog(i % BLOGS), count })),
};

function measure(label: string, run: () => unknown): number[] {
  for (let i = 0; i < WARM_UP; i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  process.stdout.write(`${label.padEnd(58)} p50 ${at(0.5).toFixed(2)} ms   max ${at(1).toFixed(2)} ms   (${RUNS} runs)\n`);
  return samples;
}

process.stdout.write(`tier planning: ${POSTS} posts, ${TARGETS} targets on ${BLOGS} blogs, ${counts.reduce((a, b) => a + b, 0)} links\n`);
for (const [name, requests] of Object.entries(layouts)) {
  const plan = spreadTargets(targets, requests, createRng('bench'));
  measure(`spreadTargets, tier-2 posts on ${name}`, () => spreadTargets(targets, requests, createRng('bench')));
  const sameDomain = plan.reduce((n, post, i) => n + post.filter((t) => new URL(t.url).hostname === new URL(requests[i]!.siteUrl).hostname).length, 0);
  process.stdout.write(`  links per target: largest − smallest = ${linkSpread(targets.length, plan)} (goal ≤ 1); links on the post's own domain: ${sameDomain}\n`);
}

const articles = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, title: `Article ${i + 1}`, projectUses: i % 7, usage: i % 11 }));
measure('planArticles, 10,000 posts over 300 articles', () => planArticles(articles, POSTS, 0, createRng('articles')));
measure('planArticles, 10,000 posts, maxUsagePerArticle 30', () => planArticles(articles, POSTS, 30, createRng('articles')));
