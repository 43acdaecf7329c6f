import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/engine/random';
import { linkSpread, spreadTargets } from '../../src/engine/target-spread';
import { registrableDomain } from '../../src/domain/registrable-domain';

/** Tier-1 posts on `sites` blogs, `perSite` each: the targets a tier-2 project links. */
function tierOnePosts(sites: readonly string[], perSite: number) {
  return sites.flatMap((site) => Array.from({ length: perSite }, (_, n) => ({ url: `${site}/post-${n + 1}/`, anchor: `Post ${n + 1} on ${site}` })));
}

const BLOGS = ['https://alpha.example.com', 'https://beta.example.org', 'https://gamma.example.co.uk', 'http://127.0.0.1:8081', 'http://127.0.0.1:8082'];

describe('spreadTargets', () => {
  it('never links a target on the post\'s own registrable domain (subdomains, co.uk, IP hosts whatever the port)', () => {
    const targets = [
      ...tierOnePosts(BLOGS, 3),
      { url: 'https://www.gamma.example.co.uk/old/', anchor: 'old' },
      { url: 'https://shop.example.com/x', anchor: 'shop' },
    ];
    const requests = [
      { siteUrl: 'https://news.example.com', count: 20 },
      { siteUrl: 'https://other.example.co.uk/blog', count: 20 },
      { siteUrl: 'http://127.0.0.1:9999', count: 20 },
    ];
    const plan = spreadTargets(targets, requests, createRng('domains'));
    requests.forEach((request, i) => {
      const own = registrableDomain(request.siteUrl);
      expect(plan[i]!.length).toBeGreaterThan(0);
      for (const target of plan[i]!) expect(registrableDomain(target.url)).not.toBe(own);
      // Every other eligible target once, none twice in one post.
      expect(new Set(plan[i]!.map((t) => t.url)).size).toBe(plan[i]!.length);
      expect(plan[i]!.length).toBe(targets.filter((t) => registrableDomain(t.url) !== own).length);
    });
  });

  it('gives every target its share before any gets one more: spread ≤ 1 at every post', () => {
    const targets = tierOnePosts(BLOGS, 20);
    const requests = Array.from({ length: 333 }, (_, i) => ({ siteUrl: `https://tier2-${i % 37}.example.net`, count: 1 + (i % 3) }));
    const plan = spreadTargets(targets, requests, createRng('even'));
    for (let n = 1; n <= plan.length; n += 1) expect(linkSpread(targets.length, plan.slice(0, n))).toBeLessThanOrEqual(1);
  });

  it('keeps the spread within 1 when tier-2 posts sit on the same blogs as the targets', () => {
    const targets = tierOnePosts(BLOGS.slice(0, 3), 7);
    const requests = Array.from({ length: 300 }, (_, i) => ({ siteUrl: BLOGS[i % 3]!, count: 2 }));
    const plan = spreadTargets(targets, requests, createRng('same-blogs'));
    expect(linkSpread(targets.length, plan)).toBeLessThanOrEqual(1);
    plan.forEach((post, i) => post.forEach((t) => expect(registrableDomain(t.url)).not.toBe(registrableDomain(BLOGS[i % 3]!))));
  });

  it('starts from the links targets already have (sibling projects, earlier runs)', () => {
    const targets = tierOnePosts(['https://a.test', 'https://b.test'], 5);
    const prior = new Map(targets.map((t, i) => [t.url, i < 5 ? 3 : 0]));
    const plan = spreadTargets(targets, Array.from({ length: 15 }, () => ({ siteUrl: 'https://c.test', count: 1 })), createRng('prior'), (t) => prior.get(t.url) ?? 0);
    // 15 new links: the five with none take three each before the others take any.
    expect(plan.flat().filter((t) => t.url.startsWith('https://b.test')).length).toBe(15);
    expect(linkSpread(targets.length, plan, prior)).toBe(0);
  });

  it('is seeded: the same seed gives the same plan, another seed another order', () => {
    const targets = tierOnePosts(BLOGS, 10);
    const requests = Array.from({ length: 40 }, (_, i) => ({ siteUrl: `https://x${i}.test`, count: 2 }));
    const urls = (seed: string) => spreadTargets(targets, requests, createRng(seed)).map((post) => post.map((t) => t.url).join(' '));
    expect(urls('one')).toEqual(urls('one'));
    expect(urls('one')).not.toEqual(urls('two'));
  });

  it('gives a post no target when every target is on its own domain, and nothing for a count of 0', () => {
    const targets = tierOnePosts(['https://solo.test'], 4);
    expect(spreadTargets(targets, [{ siteUrl: 'https://www.solo.test', count: 3 }, { siteUrl: 'https://x.test', count: 0 }], createRng(1))).toEqual([[], []]);
    expect(spreadTargets([], [{ siteUrl: 'https://x.test', count: 2 }], createRng(1))).toEqual([[]]);
  });

  it('plans 10,000 posts over 1,000 targets with a spread of at most 1', () => {
    const sites = Array.from({ length: 100 }, (_, i) => `https://blog${i}.example${i % 7}.com`);
    const targets = tierOnePosts(sites, 10);
    const rng = createRng('big');
    const requests = Array.from({ length: 10_000 }, (_, i) => ({ siteUrl: sites[(i * 13) % sites.length]!, count: rng.int(1, 3) }));
    const plan = spreadTargets(targets, requests, createRng('big-plan'));
    expect(linkSpread(targets.length, plan)).toBeLessThanOrEqual(1);
  });
});

describe('spreadTargets on a small tier whose posts sit on the targets\' own blogs', () => {
  it('evens out what the greedy pass left: 8 posts of 2 links over 8 targets on 4 blogs, spread ≤ 1 for every seed', () => {
    const blogsOf4 = ['http://127.0.0.61:8081', 'http://127.0.0.62:8082', 'http://127.0.0.63:8083', 'http://127.0.0.64:8084'];
    const targets = tierOnePosts(blogsOf4, 2);
    const requests = Array.from({ length: 8 }, (_, i) => ({ siteUrl: blogsOf4[i % 4]!, count: 2 }));
    for (let seed = 0; seed < 300; seed += 1) {
      const plan = spreadTargets(targets, requests, createRng(seed));
      expect(linkSpread(targets.length, plan), `seed ${seed}`).toBeLessThanOrEqual(1);
      plan.forEach((post, i) => {
        expect(new Set(post.map((t) => t.url)).size).toBe(2);
        for (const t of post) expect(registrableDomain(t.url)).not.toBe(registrableDomain(requests[i]!.siteUrl));
      });
    }
  });
});
