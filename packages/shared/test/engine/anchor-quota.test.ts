import { describe, expect, it } from 'vitest';
import { chooseAnchor, quotaAnchorKind, type AnchorCounts, type AnchorKeywords, type AnchorType } from '../../src/engine/anchors';
import { buildPost } from '../../src/engine/build-post';
import { KEYWORD_PERCENTAGE_TYPES, type KeywordPercentages } from '../../src/domain/keyword-percentages';
import { createRng } from '../../src/engine/random';
import { ANCHOR_MIX_TOLERANCE_POINTS, anchorMix, anchorMixDeviation } from '../../src/domain/link-health/report-rules';

const link = { url: 'https://money.example/page', anchor: 'Money page' };
const keywords = (mix: KeywordPercentages): AnchorKeywords => ({
  useKeyword: true,
  primaryKeyword: '{best|top} running shoes',
  secondaryKeyword: 'trail shoes, road shoes',
  brandedKeyword: 'Money Co',
  genericKeyword: 'click here\nthis site',
  primaryPercentage: mix.primary,
  secondaryPercentage: mix.secondary,
  brandedPercentage: mix.branded,
  genericPercentage: mix.generic,
  nakedUrlPercentage: mix.nakedUrl,
});

const CONFIGURATIONS: KeywordPercentages[] = [
  { primary: 40, secondary: 20, branded: 15, generic: 15, nakedUrl: 10, linkAnchor: 0 },
  { primary: 100, secondary: 0, branded: 0, generic: 0, nakedUrl: 0, linkAnchor: 0 },
  { primary: 0, secondary: 0, branded: 0, generic: 0, nakedUrl: 100, linkAnchor: 0 },
  { primary: 33, secondary: 33, branded: 0, generic: 34, nakedUrl: 0, linkAnchor: 0 },
  { primary: 97, secondary: 1, branded: 1, generic: 0, nakedUrl: 1, linkAnchor: 0 },
  { primary: 55, secondary: 0, branded: 25, generic: 0, nakedUrl: 20, linkAnchor: 0 },
];

/** The widest gap (points) between the shares of `types` and the configured percentages. */
function deviation(types: readonly AnchorType[], mix: KeywordPercentages): number {
  return Math.max(...KEYWORD_PERCENTAGE_TYPES.map((kind) => Math.abs((types.filter((t) => t === kind).length / types.length) * 100 - mix[kind])));
}

const countsOf = (types: readonly AnchorType[]): AnchorCounts => {
  const counts: AnchorCounts = {};
  for (const type of types) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
};

describe('quotaAnchorKind', () => {
  it('chooses the kind lagging its share most; ties at random; 0 % never, 100 % always', () => {
    const weights = { primary: 50, secondary: 50, branded: 0, generic: 0, nakedUrl: 0, linkAnchor: 0 };
    expect(quotaAnchorKind(weights, { primary: 3, secondary: 1 }, createRng(1))).toBe('secondary');
    const firsts = new Set(Array.from({ length: 40 }, (_, i) => quotaAnchorKind(weights, {}, createRng(i))));
    expect(firsts).toEqual(new Set(['primary', 'secondary']));
    expect(quotaAnchorKind({ ...weights, secondary: 0 }, { primary: 500 }, createRng(2))).toBe('primary');
    expect(quotaAnchorKind({ primary: 0, secondary: 0, branded: 0, generic: 0, nakedUrl: 0, linkAnchor: 0 }, {}, createRng(3))).toBeNull();
    expect(quotaAnchorKind(weights, {}, createRng(4), new Set(['secondary']))).toBe('secondary');
  });

  it('keeps every kind within one anchor of its share at every length from zero', () => {
    const weights = CONFIGURATIONS[0]!;
    const counts: AnchorCounts = {};
    const rng = createRng('every-length');
    for (let n = 1; n <= 1000; n += 1) {
      const kind = quotaAnchorKind(weights, counts, rng)!;
      counts[kind] = (counts[kind] ?? 0) + 1;
      for (const type of KEYWORD_PERCENTAGE_TYPES) expect(Math.abs((counts[type] ?? 0) - (weights[type] / 100) * n)).toBeLessThan(1);
    }
  });
});

describe('chooseAnchor with counts (the quota draw), 1,000 anchors', () => {
  it.each(CONFIGURATIONS.map((mix) => [JSON.stringify(mix), mix] as const))('%s: within ±2 points', (_, mix) => {
    const counts: AnchorCounts = {};
    const rng = createRng(`quota:${JSON.stringify(mix)}`);
    const types = Array.from({ length: 1000 }, () => chooseAnchor(keywords(mix), link, rng, counts).type);
    const worst = deviation(types, mix);
    process.stdout.write(`anchor quota ${JSON.stringify(mix)}: widest gap ${worst.toFixed(2)} points over 1000\n`);
    expect(worst).toBeLessThanOrEqual(ANCHOR_MIX_TOLERANCE_POINTS);
    expect(worst).toBeLessThan(0.1);
    expect(counts).toEqual(countsOf(types));
  });

  it('holds across a restart half-way: the counts are read back from what was placed, with a fresh generator', () => {
    const mix = CONFIGURATIONS[0]!;
    const first = createRng('before restart');
    const live: AnchorCounts = {};
    const placed = Array.from({ length: 437 }, () => chooseAnchor(keywords(mix), link, first, live).type);
    const restored = countsOf(placed);
    const second = createRng('after restart');
    placed.push(...Array.from({ length: 563 }, () => chooseAnchor(keywords(mix), link, second, restored).type));
    expect(deviation(placed, mix)).toBeLessThan(0.1);
  });

  it('holds when posts are built side by side from the same snapshot of the counts (8 at once)', () => {
    const mix = CONFIGURATIONS[0]!;
    const placed: AnchorType[] = [];
    for (let batch = 0; batch < 125; batch += 1) {
      const snapshot = countsOf(placed);
      const built = Array.from({ length: 8 }, (_, i) => chooseAnchor(keywords(mix), link, createRng(`b${batch}/${i}`), { ...snapshot }).type);
      placed.push(...built);
    }
    expect(placed).toHaveLength(1000);
    expect(deviation(placed, mix)).toBeLessThanOrEqual(ANCHOR_MIX_TOLERANCE_POINTS);
  });

  it('leaves out a kind whose keyword field has no phrase, rather than falling back to the own anchor every time', () => {
    const mix = { primary: 50, secondary: 50, branded: 0, generic: 0, nakedUrl: 0, linkAnchor: 0 };
    const counts: AnchorCounts = {};
    const rng = createRng('empty field');
    const types = Array.from({ length: 100 }, () => chooseAnchor({ ...keywords(mix), secondaryKeyword: ' , ' }, link, rng, counts).type);
    expect(new Set(types)).toEqual(new Set(['primary']));
  });
});

describe('buildPost with anchor counts: 1,000 posts of 1–3 links, as the reports read them', () => {
  it('the realised mix, classified from the anchors’ text, is within ±2 points', () => {
    const mix = CONFIGURATIONS[0]!;
    const set = keywords(mix);
    const links = Array.from({ length: 50 }, (_, i) => ({ url: `https://money.example/p${i}`, anchor: `Page ${i}` }));
    const counts = new Map<number, AnchorCounts>([[7, {}]]);
    const placed = new Map<string, { anchor: string; url: string; count: number }>();
    for (let post = 1; post <= 1000; post += 1) {
      const built = buildPost({
        article: { title: 'Title', body: 'One sentence here. Another sentence there. A third one to close.' },
        linkSources: [{ linkSetId: 7, links, keywords: set, minLinks: 1, maxLinks: 3, linkProb: 100 }],
        placement: 'RandomSentence', tags: '', anchorCounts: counts,
      }, createRng(`post:${post}`));
      const tally = counts.get(7)!;
      for (const placedLink of built.links) {
        tally[placedLink.anchorType] = (tally[placedLink.anchorType] ?? 0) + 1;
        const key = `${placedLink.anchor}\u0000${placedLink.url}`;
        const row = placed.get(key) ?? { anchor: placedLink.anchor, url: placedLink.url, count: 0 };
        row.count += 1;
        placed.set(key, row);
      }
    }
    const rows = anchorMix([...placed.values()], set);
    const worst = anchorMixDeviation(rows);
    process.stdout.write(`buildPost quota: ${rows.reduce((sum, row) => sum + row.count, 0)} links over 1000 posts, widest gap ${worst.toFixed(2)} points\n`);
    expect(worst).toBeLessThanOrEqual(ANCHOR_MIX_TOLERANCE_POINTS);
  });
});
