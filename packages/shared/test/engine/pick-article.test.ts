import { describe, expect, it } from 'vitest';
import { pickArticle } from '../../src/engine/pick-article';
import { createRng } from '../../src/engine/random';

const articles = (...usages: number[]) => usages.map((usage, i) => ({ id: i + 1, usage }));

describe('pickArticle', () => {
  it('takes the least used article', () => {
    expect(pickArticle(articles(3, 1, 2), 0, createRng(1))?.id).toBe(2);
  });

  it('chooses at random among equally used ones, each of them in time', () => {
    const rng = createRng('ties');
    const seen = new Set<number>();
    for (let i = 0; i < 200; i += 1) seen.add(pickArticle(articles(1, 0, 0, 5, 0), 0, rng)!.id);
    expect(seen).toEqual(new Set([2, 3, 5]));
  });

  it('skips articles that reached maxUsagePerArticle and answers null when all did', () => {
    expect(pickArticle(articles(2, 2, 1), 2, createRng(1))?.id).toBe(3);
    expect(pickArticle(articles(2, 3, 2), 2, createRng(1))).toBeNull();
    expect(pickArticle([], 0, createRng(1))).toBeNull();
  });

  it('treats 0 (and anything not a positive number) as unlimited', () => {
    for (const max of [0, -1, Number.NaN]) expect(pickArticle(articles(1_000_000), max, createRng(1))?.id).toBe(1);
  });

  it('spreads use evenly when the caller counts each use', () => {
    const pool = articles(0, 0, 0, 0);
    const rng = createRng('spread');
    for (let post = 0; post < 12; post += 1) pickArticle(pool, 3, rng)!.usage += 1;
    expect(pool.map((a) => a.usage)).toEqual([3, 3, 3, 3]);
    expect(pickArticle(pool, 3, rng)).toBeNull();
  });

  it('keeps the caller’s own fields on the answer', () => {
    const pool = [{ id: 7, usage: 0, title: 'Seven' }];
    expect(pickArticle(pool, 0, createRng(1))).toBe(pool[0]);
  });
});
