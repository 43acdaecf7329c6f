/**
 * Anchors for every tier (issue 34 item 5): a tier-2 project's links to tier-1 posts follow the
 * mix its link set asks for — keywords, naked URLs and the target's title as one kind among them —
 * within ±5 points over 200 posts, with the targets the run plan spread over the tier-1 posts.
 */
import { describe, expect, it } from 'vitest';
import { planAnchorKinds, type AnchorCounts, type AnchorKeywords } from '../../src/engine/anchors';
import { buildPost } from '../../src/engine/build-post';
import { createRng } from '../../src/engine/random';
import { planLinks } from '../../src/engine/link-plan';
import { spreadTargets } from '../../src/engine/target-spread';
import { anchorMix, anchorMixByTier, anchorMixDeviation, configuredMix } from '../../src/domain/link-health/report-rules';
import { KEYWORD_PERCENTAGE_TYPES, type KeywordPercentageType } from '../../src/domain/keyword-percentages';
import { WizardSchema, tierAnchorMix } from '../../src/schemas/wizard';
import { registrableDomain } from '../../src/domain/registrable-domain';

const POSTS = 200;
const TIER2_SET = 11;
const tierOne = Array.from({ length: 30 }, (_, i) => ({ url: `https://blog${i % 5}.example${i % 5}.com/post-${i}/`, anchor: `Tier one post number ${i}` }));

const mixes: Record<string, Record<KeywordPercentageType, number>> = {
  titles40: { primary: 30, secondary: 10, branded: 0, generic: 10, nakedUrl: 10, linkAnchor: 40 },
  even: { primary: 20, secondary: 20, branded: 15, generic: 15, nakedUrl: 15, linkAnchor: 15 },
  noPrimary: { primary: 0, secondary: 0, branded: 0, generic: 30, nakedUrl: 20, linkAnchor: 50 },
};

const keywordsOf = (mix: Record<KeywordPercentageType, number>): AnchorKeywords => ({
  useKeyword: true, primaryKeyword: '{organic|natural} gardening', secondaryKeyword: 'raised beds, compost tips', brandedKeyword: 'GreenPlot',
  genericKeyword: 'read more\nthis guide', primaryPercentage: mix.primary, secondaryPercentage: mix.secondary, brandedPercentage: mix.branded,
  genericPercentage: mix.generic, nakedUrlPercentage: mix.nakedUrl, linkAnchorPercentage: mix.linkAnchor,
});

describe.each(Object.entries(mixes))('tier-2 anchors with the %s mix', (_name, mix) => {
  it(`keeps the realised mix within ±5 points over ${POSTS} posts, counted by kind and as the report reads the anchors`, () => {
    const keywords = keywordsOf(mix);
    const profiles = [{ linkSetId: TIER2_SET, minLinks: 1, maxLinks: 3, linkProb: 100 }];
    const sites = Array.from({ length: POSTS }, (_, i) => `https://www.example${i % 5}.com`);
    const counts = Array.from({ length: POSTS }, (_, i) => planLinks(profiles, createRng(`post-${i}/links`))[0]!.count);
    const targets = spreadTargets(tierOne, sites.map((siteUrl, i) => ({ siteUrl, count: counts[i]! })), createRng('plan'));
    const placed = new Map<number, AnchorCounts>([[TIER2_SET, {}]]);
    const byKind = new Map<string, number>();
    const byText = new Map<string, { anchor: string; url: string; count: number }>();
    for (let i = 0; i < POSTS; i += 1) {
      const post = buildPost({
        article: { title: `Post ${i}`, body: 'Organic gardening starts with the soil.\n\nRaised beds warm up early.' },
        linkSources: [{ ...profiles[0]!, links: tierOne, keywords }], placement: 'RandomParagraph', tags: '',
        anchorCounts: placed, plannedLinks: new Map([[TIER2_SET, targets[i]!]]), siteUrl: sites[i]!,
      }, createRng(`post-${i}`));
      for (const link of post.links) {
        const set = placed.get(TIER2_SET)!;
        set[link.anchorType] = (set[link.anchorType] ?? 0) + 1;
        byKind.set(link.anchorType, (byKind.get(link.anchorType) ?? 0) + 1);
        const key = `${link.anchor}\u0000${link.url}`;
        byText.set(key, { anchor: link.anchor, url: link.url, count: (byText.get(key)?.count ?? 0) + 1 });
        expect(registrableDomain(link.url)).not.toBe(registrableDomain(sites[i]!));
      }
    }
    const total = [...byKind.values()].reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(POSTS);
    for (const kind of KEYWORD_PERCENTAGE_TYPES) expect(Math.abs(((byKind.get(kind) ?? 0) / total) * 100 - mix[kind])).toBeLessThanOrEqual(5);
    // Titles really are the targets' titles, and the report's text classification agrees.
    const rows = anchorMix([...byText.values()], keywords);
    expect(anchorMixDeviation(rows)).toBeLessThanOrEqual(5);
    expect(configuredMix(keywords).linkAnchor).toBe(mix.linkAnchor);
  });
});

describe('planAnchorKinds: the kinds a run plans for its links, in plan order', () => {
  it('follows the mix within one link at every length from the counts the set has, so 8 posts of 2 links built at once keep it', () => {
    const keywords = keywordsOf(mixes.titles40!);
    const counts: AnchorCounts = {};
    const kinds = planAnchorKinds(keywords, counts, 16, createRng('plan-16'));
    for (const kind of KEYWORD_PERCENTAGE_TYPES) expect(Math.abs(kinds.filter((k) => k === kind).length - (mixes.titles40![kind] / 100) * 16)).toBeLessThan(1);
    expect(counts).toEqual(Object.fromEntries(KEYWORD_PERCENTAGE_TYPES.map((kind) => [kind, kinds.filter((k) => k === kind).length]).filter(([, n]) => Number(n) > 0)));
    // The posts take the planned kinds even when built side by side from the same (empty) counts.
    const built = Array.from({ length: 8 }, (_, i) => buildPost({
      article: { title: `Post ${i}`, body: 'Organic gardening starts with the soil.\n\nRaised beds warm up early.' },
      linkSources: [{ linkSetId: TIER2_SET, minLinks: 2, maxLinks: 2, linkProb: 100, links: tierOne, keywords }], placement: 'RandomParagraph', tags: '',
      anchorCounts: new Map([[TIER2_SET, {}]]),
      plannedLinks: new Map([[TIER2_SET, [0, 1].map((n) => ({ ...tierOne[(i * 2 + n) % tierOne.length]!, anchorType: kinds[i * 2 + n]! }))]]),
    }, createRng(`side-${i}`)));
    expect(built.flatMap((post) => post.links.map((link) => link.anchorType))).toEqual(kinds);
    expect(planAnchorKinds({ ...keywords, useKeyword: false }, {}, 3, createRng(1))).toEqual([null, null, null]);
  });
});

describe('the wizard\'s lower tiers and the report per tier', () => {
  it('derives a lower tier\'s default mix from tier 1 with 40 % target titles, primary paying first', () => {
    const wizard = WizardSchema.parse({ linksAndKeywords: [{ linkSets: [{ urls: 'https://m.test', primaryKeyword: 'garden tools', primaryPercentage: 80, nakedUrlPercentage: 20 }] }, {}] });
    const mix = tierAnchorMix(wizard, 2);
    expect(mix).toMatchObject({ primaryKeyword: 'garden tools', primaryPercentage: 40, nakedUrlPercentage: 20, linkAnchorPercentage: 40 });
    const own = { ...mix, primaryPercentage: 0, genericKeyword: 'here', genericPercentage: 40 };
    expect(tierAnchorMix({ linksAndKeywords: [wizard.linksAndKeywords[0]!, { ...wizard.linksAndKeywords[1]!, anchors: own }] }, 2)).toEqual(own);
  });

  it('sums a tier\'s projects and weights their configured shares by the anchors each placed', () => {
    const rows = anchorMixByTier([
      { tier: 1, projectId: 1, type: 'primary', count: 10, configured: 100 },
      { tier: 2, projectId: 2, type: 'linkAnchor', count: 30, configured: 50 },
      { tier: 2, projectId: 2, type: 'nakedUrl', count: 30, configured: 50 },
      { tier: 2, projectId: 3, type: 'linkAnchor', count: 40, configured: 100 },
    ]);
    expect(rows).toEqual([
      { tier: 1, type: 'primary', count: 10, realised: 100, configured: 100 },
      { tier: 2, type: 'nakedUrl', count: 30, realised: 30, configured: 30 },
      { tier: 2, type: 'linkAnchor', count: 70, realised: 70, configured: 70 },
    ]);
  });
});
