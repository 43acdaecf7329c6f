import { beforeAll, describe, expect, it } from 'vitest';
import { KEYWORD_PERCENTAGE_TYPES } from '../../src/domain/keyword-percentages';
import type { AnchorKeywords } from '../../src/engine/anchors';
import { buildPost, linkProfilesFromForm, mediaRequestsFromForm, type PostInput } from '../../src/engine/build-post';
import { outputLinkAnchor } from '../../src/engine/output-anchor';
import { createRng } from '../../src/engine/random';
import { ContentProjectFormSchema } from '../../src/schemas/project-forms';

const keywords: AnchorKeywords = {
  useKeyword: true,
  primaryKeyword: 'running shoes',
  secondaryKeyword: 'trail shoes, road shoes',
  brandedKeyword: 'Acme Shoes',
  genericKeyword: 'click here',
  primaryPercentage: 40,
  secondaryPercentage: 25,
  brandedPercentage: 15,
  genericPercentage: 10,
  nakedUrlPercentage: 10,
};
const targets = Array.from({ length: 6 }, (_, i) => ({ url: `https://target.example/${i}`, anchor: `target ${i}` }));

const input = (overrides: Partial<PostInput> = {}): PostInput => ({
  article: { title: '{Best|Top} running shoes of the year', body: '{Great|Fine} running shoes help. Acme|Shoes {is|are} protected.\n\nA second {line|row}, with [link] here.' },
  protectedWords: 'Acme|Shoes',
  linkSources: [{ linkSetId: 11, links: targets, keywords, minLinks: 2, maxLinks: 2, linkProb: 100 }],
  placement: 'ReplaceLinkTag',
  tags: ' shoes, {running|jogging} , shoes,, ',
  images: { urls: 'https://img.example/1.jpg\nhttps://img.example/2.jpg', min: 1, max: 1, position: 'Top' },
  videos: { urls: ['https://youtu.be/dQw4w9WgXcQ'], min: 1, max: 1, position: 'Bottom' },
  ...overrides,
});

describe('buildPost', () => {
  it('composes title, body, links, media and tags', () => {
    const post = buildPost(input(), createRng('compose'));
    expect(post.title).toMatch(/^(Best|Top) running shoes of the year$/);
    expect(post.html).toMatch(/^<figure><img src="https:\/\/img\.example\/[12]\.jpg" alt="(Best|Top) running shoes of the year"><\/figure>/);
    expect(post.html).toMatch(/<p>(Great|Fine) running shoes help\. Acme\|Shoes (is|are) protected\.<\/p>/);
    expect(post.html).toMatch(/<figure><iframe src="https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ"[^>]*><\/iframe><\/figure>$/);
    expect(post.tags).toEqual(['shoes', expect.stringMatching(/^(running|jogging)$/)]);
    expect(post.links).toHaveLength(2);
    expect(post.links.map((l) => [l.linkSetId, l.placement])).toEqual([[11, 'ReplaceLinkTag'], [11, 'Bottom']]);
    for (const l of post.links) {
      expect(post.html).toContain(`<a href="${l.href}">`);
      expect(targets.map((t) => t.url)).toContain(l.url);
      expect(KEYWORD_PERCENTAGE_TYPES).toContain(l.anchorType);
    }
    expect(post.media.map((m) => [m.kind, m.position])).toEqual([['image', 'Top'], ['video', 'Bottom']]);
    expect(post.skippedLinks).toEqual([]);
  });

  it('is the same post for the same seed and another post for another', () => {
    expect(buildPost(input(), createRng('p:1/s:2/n:3'))).toEqual(buildPost(input(), createRng('p:1/s:2/n:3')));
    const posts = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(buildPost(input(), createRng(i)))));
    expect(posts.size).toBeGreaterThan(10);
  });

  it('keeps an HTML body as it is and works without links or media', () => {
    const post = buildPost(input({ article: { title: 'T', body: '<h2>H</h2><p>Body {a|a}.</p>' }, linkSources: [], images: null, videos: undefined, tags: '' }), createRng(1));
    expect(post).toEqual({ title: 'T', html: '<h2>H</h2><p>Body a.</p>', tags: [], links: [], media: [], skippedLinks: [] });
  });

  it('uses the synonym spinner when a list is given, never on protected words', () => {
    const synonyms = new Map([['help', ['assist']], ['shoes', ['sneakers']]]);
    const post = buildPost(input({ synonyms, linkSources: [], images: null, videos: null }), createRng(5));
    expect(post.html).toContain('Acme|Shoes');
  });

  it('reports links whose URL cannot be linked, with their link set', () => {
    const post = buildPost(input({ linkSources: [{ linkSetId: 3, links: [{ url: 'ftp://x.example', anchor: 'x' }], keywords: null, minLinks: 1, maxLinks: 1, linkProb: 100 }] }), createRng(1));
    expect(post.links).toEqual([]);
    expect(post.skippedLinks).toEqual([{ linkSetId: 3, url: 'ftp://x.example' }]);
  });

  it('places links with the project’s placement and records the anchor used', () => {
    const post = buildPost(input({
      article: { title: 'T', body: 'We sell running shoes. They last.' },
      linkSources: [{ linkSetId: 1, links: [targets[0]!], keywords: { ...keywords, primaryPercentage: 100, secondaryPercentage: 0, brandedPercentage: 0, genericPercentage: 0, nakedUrlPercentage: 0 }, minLinks: 1, maxLinks: 1, linkProb: 100 }],
      placement: 'ReplaceKeyword', images: null, videos: null,
    }), createRng(1));
    expect(post.html).toBe('<p>We sell <a href="https://target.example/0">running shoes</a>. They last.</p>');
    expect(post.links).toEqual([{ index: 0, linkSetId: 1, url: targets[0]!.url, href: targets[0]!.url, anchor: 'running shoes', anchorType: 'primary', placement: 'ReplaceKeyword' }]);
  });
});

describe('buildPost over 10,000 posts (fixed seed)', () => {
  // Tolerance: ±1.5 percentage points. Each share is a binomial proportion; with n ≥ 10,000 draws
  // its standard deviation is at most 0.5 points (p = 0.5), so 1.5 points is at least 3σ — a fair
  // generator stays inside with probability > 99.7% per share, and the fixed seed makes the test
  // deterministic. A biased draw (one weight off by 2 points or more) falls outside.
  const POSTS = 10_000;
  const TOLERANCE = 1.5;
  const rng = createRng('anchor-mix');
  const base = input({
    article: { title: 'T', body: 'One sentence. Two sentences.' },
    placement: 'Bottom', images: null, videos: null, tags: 'x',
    linkSources: [
      { linkSetId: 1, links: targets, keywords, minLinks: 1, maxLinks: 4, linkProb: 60 },
      { linkSetId: 2, links: targets, keywords: null, minLinks: 0, maxLinks: 2, linkProb: 30 },
    ],
  });
  const types = new Map<string, number>();
  const countsFromSet1 = new Map<number, number>();
  let anchors = 0;
  let postsWithSet1 = 0;
  let postsWithSet2 = 0;
  const set2AnchorTypes = new Set<string>();
  beforeAll(() => {
    for (let i = 0; i < POSTS; i += 1) {
      const post = buildPost(base, rng);
      const fromSet1 = post.links.filter((l) => l.linkSetId === 1);
      const fromSet2 = post.links.filter((l) => l.linkSetId === 2);
      if (fromSet1.length > 0) {
        postsWithSet1 += 1;
        countsFromSet1.set(fromSet1.length, (countsFromSet1.get(fromSet1.length) ?? 0) + 1);
      }
      if (fromSet2.length > 0) postsWithSet2 += 1;
      for (const link of fromSet1) {
        anchors += 1;
        types.set(link.anchorType, (types.get(link.anchorType) ?? 0) + 1);
      }
      for (const link of fromSet2) set2AnchorTypes.add(link.anchorType);
    }
  });
  const share = (n: number, of: number) => (n / of) * 100;

  it('realises the anchor percentages of the link set', () => {
    expect(anchors).toBeGreaterThan(POSTS);
    const expected = { primary: 40, secondary: 25, branded: 15, generic: 10, nakedUrl: 10 };
    for (const [type, percent] of Object.entries(expected)) {
      expect(Math.abs(share(types.get(type) ?? 0, anchors) - percent), `${type}: ${share(types.get(type) ?? 0, anchors).toFixed(2)}%`).toBeLessThan(TOLERANCE);
    }
    expect([...types.keys()].sort()).toEqual(Object.keys(expected).sort());
    // The other set has keywords off: its links keep their own anchors.
    expect([...set2AnchorTypes]).toEqual(['linkAnchor']);
  });

  it('realises linkProb per link set', () => {
    expect(Math.abs(share(postsWithSet1, POSTS) - 60)).toBeLessThan(TOLERANCE);
    // Set 2: 30% of posts carry its links, and then 0, 1 or 2 of them: 30% × 2/3 = 20% get at least one.
    expect(Math.abs(share(postsWithSet2, POSTS) - 20)).toBeLessThan(TOLERANCE);
  });

  it('realises a uniform count in min..max', () => {
    // About 6,000 carrying posts: σ ≤ 0.65 points per count, so ±2.5 points is over 3.8σ.
    expect([...countsFromSet1.keys()].sort()).toEqual([1, 2, 3, 4]);
    for (const n of countsFromSet1.values()) expect(Math.abs(share(n, postsWithSet1) - 25)).toBeLessThan(2.5);
  });
});

describe('linkProfilesFromForm and mediaRequestsFromForm', () => {
  const form = ContentProjectFormSchema.parse({
    useLinkSet: true,
    linkSetProfiles: [{ linkSetId: 4, name: 'Money', minLinks: 1, maxLinks: 2, linkProb: 50 }],
    minLinks: 2, maxLinks: 3,
    insertImages: true, searchForImages: false, imagesToInsert: 'https://i.example/a.png', minImage: 1, maxImage: 2, imagePosition: 'Top',
    insertVideos: true, searchForVideos: true, keywordsForVideo: 'shoes',
  });

  it('takes the link set profiles, or the parents’ output sets with the General tab counts', () => {
    expect(linkProfilesFromForm(form)).toEqual([{ linkSetId: 4, minLinks: 1, maxLinks: 2, linkProb: 50 }]);
    expect(linkProfilesFromForm({ ...form, useLinkSet: false }, [8, 9])).toEqual([
      { linkSetId: 8, minLinks: 2, maxLinks: 3, linkProb: 100 }, { linkSetId: 9, minLinks: 2, maxLinks: 3, linkProb: 100 },
    ]);
    expect(linkProfilesFromForm({ ...form, useLinkSet: false })).toEqual([]);
  });

  it('maps the Image and Video tabs, searched URLs coming from the engine', () => {
    expect(mediaRequestsFromForm(form, { videos: ['https://youtu.be/dQw4w9WgXcQ'] })).toEqual({
      images: { urls: 'https://i.example/a.png', min: 1, max: 2, position: 'Top' },
      videos: { urls: ['https://youtu.be/dQw4w9WgXcQ'], min: 1, max: 1, position: 'Random' },
    });
    expect(mediaRequestsFromForm({ ...form, insertImages: false, insertVideos: false })).toEqual({ images: null, videos: null });
    expect(mediaRequestsFromForm(form).videos?.urls).toEqual([]);
  });
});

describe('outputLinkAnchor', () => {
  const post = { title: 'Post title', links: [{ anchor: 'running shoes', anchorType: 'primary' as const }, { anchor: 'https://x.example', anchorType: 'nakedUrl' as const }] };

  it('answers the title, the URL, or one of the keyword anchors used', () => {
    expect(outputLinkAnchor('Title', post, 'https://blog.example/p', createRng(1))).toBe('Post title');
    expect(outputLinkAnchor('Url', post, 'https://blog.example/p', createRng(1))).toBe('https://blog.example/p');
    expect(outputLinkAnchor('Keyword', post, 'https://blog.example/p', createRng(1))).toBe('running shoes');
  });

  it('falls back to the title without keyword anchors, and to the URL without a title', () => {
    expect(outputLinkAnchor('Keyword', { title: 'T', links: [{ anchor: 'a', anchorType: 'linkAnchor' }] }, 'u', createRng(1))).toBe('T');
    expect(outputLinkAnchor('Title', { title: ' ', links: [] }, 'https://blog.example/p', createRng(1))).toBe('https://blog.example/p');
  });
});
