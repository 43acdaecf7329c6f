import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/engine/random';

describe('createRng', () => {
  it('gives the same sequence for the same seed, numbers and texts alike', () => {
    const a = createRng('project:1/site:2/post:3');
    const b = createRng('project:1/site:2/post:3');
    const c = createRng('project:1/site:2/post:4');
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(first);
    expect(createRng(42).next()).toBe(createRng('42').next());
  });

  it('next stays in [0, 1) and is close to uniform over ten buckets', () => {
    const rng = createRng(1);
    const buckets = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < 100_000; i += 1) {
      const value = rng.next();
      if (!(value >= 0 && value < 1)) outside += 1;
      else buckets[Math.floor(value * 10)]! += 1;
    }
    expect(outside).toBe(0);
    // Chi-square with 9 degrees of freedom: 27.9 is the 0.1% critical value.
    const chiSquare = buckets.reduce((sum, n) => sum + (n - 10_000) ** 2 / 10_000, 0);
    expect(chiSquare).toBeLessThan(27.9);
  });

  it('int covers [min, max] inclusively, swaps reversed bounds and handles one value', () => {
    const rng = createRng('int');
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i += 1) {
      const value = rng.int(3, 7);
      expect(Number.isInteger(value) && value >= 3 && value <= 7).toBe(true);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
    for (let i = 0; i < 100; i += 1) expect([1, 2]).toContain(rng.int(2, 1));
    expect(rng.int(5, 5)).toBe(5);
    for (let i = 0; i < 100; i += 1) expect([2, 3]).toContain(rng.int(1.5, 3.5));
  });

  it('pick takes any item and refuses an empty list', () => {
    const rng = createRng('pick');
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) seen.add(rng.pick(['a', 'b', 'c']));
    expect(seen).toEqual(new Set(['a', 'b', 'c']));
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('chance: never at 0 or below, always at 100 or above, about right between', () => {
    const rng = createRng('chance');
    let hits = 0;
    for (let i = 0; i < 10_000; i += 1) {
      expect(rng.chance(0)).toBe(false);
      expect(rng.chance(-5)).toBe(false);
      expect(rng.chance(100)).toBe(true);
      if (rng.chance(30)) hits += 1;
    }
    expect(hits / 100).toBeGreaterThan(28.5);
    expect(hits / 100).toBeLessThan(31.5);
  });

  it('shuffle answers a permutation and leaves the input alone', () => {
    const rng = createRng('shuffle');
    const input = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8]);
    const shuffled = rng.shuffle(input);
    expect([...shuffled].sort()).toEqual([...input]);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rng.shuffle([])).toEqual([]);
    // Every item reaches every position.
    const positions = new Set<string>();
    for (let i = 0; i < 500; i += 1) rng.shuffle(['a', 'b', 'c']).forEach((item, at) => positions.add(`${item}${at}`));
    expect(positions.size).toBe(9);
  });
});
