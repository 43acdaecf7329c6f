import { describe, expect, it } from 'vitest';
import { pickLinkIndexes, pickLinks, planLinks } from '../../src/engine/link-plan';
import { createRng } from '../../src/engine/random';

describe('planLinks', () => {
  it('answers one entry per profile, in order', () => {
    const plan = planLinks([{ linkSetId: 5, minLinks: 2, maxLinks: 2, linkProb: 100 }, { linkSetId: 9, minLinks: 1, maxLinks: 1, linkProb: 100 }], createRng(1));
    expect(plan).toEqual([{ linkSetId: 5, count: 2 }, { linkSetId: 9, count: 1 }]);
    expect(planLinks([], createRng(1))).toEqual([]);
  });

  it('fills missing values with the profile defaults (100%, 1 to 3)', () => {
    const rng = createRng('defaults');
    const counts = new Set<number>();
    for (let i = 0; i < 300; i += 1) counts.add(planLinks([{ linkSetId: 1, minLinks: null, maxLinks: null, linkProb: null }], rng)[0]!.count);
    expect(counts).toEqual(new Set([1, 2, 3]));
  });

  it('clamps counts to 0–20, max to at least min and the probability to 0–100', () => {
    const rng = createRng('clamp');
    for (let i = 0; i < 100; i += 1) {
      expect(planLinks([{ linkSetId: 1, minLinks: 25, maxLinks: 40, linkProb: 500 }], rng)[0]!.count).toBe(20);
      expect(planLinks([{ linkSetId: 1, minLinks: 4, maxLinks: 2, linkProb: 100 }], rng)[0]!.count).toBe(4);
      expect(planLinks([{ linkSetId: 1, minLinks: -3, maxLinks: 0, linkProb: 100 }], rng)[0]!.count).toBe(0);
      expect(planLinks([{ linkSetId: 1, minLinks: 1, maxLinks: 3, linkProb: -1 }], rng)[0]!.count).toBe(0);
      expect(planLinks([{ linkSetId: 1, minLinks: Number.NaN, maxLinks: 1, linkProb: 100 }], rng)[0]!.count).toBe(1);
    }
  });

  it('realises linkProb and a uniform count over 10,000 posts', () => {
    // ±1.5 points: the binomial standard deviation at 10,000 posts is at most 0.5 points, so this is 3σ.
    const rng = createRng('plan-stats');
    const posts = 10_000;
    let carrying = 0;
    const perCount = new Map<number, number>();
    for (let i = 0; i < posts; i += 1) {
      const [entry] = planLinks([{ linkSetId: 1, minLinks: 2, maxLinks: 5, linkProb: 35 }], rng);
      if (entry!.count > 0) {
        carrying += 1;
        perCount.set(entry!.count, (perCount.get(entry!.count) ?? 0) + 1);
      }
    }
    expect(Math.abs((carrying / posts) * 100 - 35)).toBeLessThan(1.5);
    expect([...perCount.keys()].sort()).toEqual([2, 3, 4, 5]);
    for (const n of perCount.values()) expect(Math.abs((n / carrying) * 100 - 25)).toBeLessThan(2.5);
  });
});

describe('pickLinks and pickLinkIndexes', () => {
  it('answers distinct links while the set has enough', () => {
    const rng = createRng('distinct');
    for (let i = 0; i < 200; i += 1) {
      const picked = pickLinks(['a', 'b', 'c', 'd', 'e'], 3, rng);
      expect(new Set(picked).size).toBe(3);
      const sparse = pickLinkIndexes(1_000_000, 5, rng);
      expect(new Set(sparse).size).toBe(5);
      expect(sparse.every((n) => n >= 0 && n < 1_000_000)).toBe(true);
    }
  });

  it('uses every link once before any twice when asked for more', () => {
    const rng = createRng('more');
    const picked = pickLinks(['a', 'b', 'c'], 7, rng);
    expect(picked).toHaveLength(7);
    expect(new Set(picked.slice(0, 3)).size).toBe(3);
    expect(new Set(picked.slice(3, 6)).size).toBe(3);
    const counts = ['a', 'b', 'c'].map((l) => picked.filter((p) => p === l).length).sort();
    expect(counts).toEqual([2, 2, 3]);
  });

  it('answers nothing for an empty set or a count of 0', () => {
    expect(pickLinks([], 3, createRng(1))).toEqual([]);
    expect(pickLinks(['a'], 0, createRng(1))).toEqual([]);
    expect(pickLinkIndexes(5, -1, createRng(1))).toEqual([]);
  });

  it('gives every link a fair share over many posts', () => {
    const rng = createRng('fair');
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i += 1) for (const index of pickLinkIndexes(10, 2, rng)) counts[index]! += 1;
    for (const n of counts) expect(Math.abs(n - 2_000)).toBeLessThan(150);
  });
});
