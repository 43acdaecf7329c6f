import { describe, expect, it } from 'vitest';
import { GroupRuns } from '../../src/platform/runtime/group-runs';

describe('GroupRuns', () => {
  it('runs a lone item by itself and the items that arrive during a run together in the next one, per key', async () => {
    const runs: [string, number[]][] = [];
    let release: (() => void) | undefined;
    const group = new GroupRuns<string, number, number>(async (key, items) => {
      runs.push([key, [...items]]);
      if (runs.length === 1) await new Promise<void>((resolve) => { release = resolve; });
      return items.map((item) => item * 10);
    });
    const first = group.add('a', 1);
    await expect.poll(() => runs.length).toBe(1);
    const waiting = [group.add('a', 2), group.add('a', 3), group.add('b', 4)];
    await expect.poll(() => runs.length).toBe(2);
    expect(runs[1]).toEqual(['b', [4]]);
    release!();
    expect(await Promise.all([first, ...waiting])).toEqual([10, 20, 30, 40]);
    expect(runs).toEqual([['a', [1]], ['b', [4]], ['a', [2, 3]]]);
  });

  it('rejects every item of a run that throws, and serves the next run', async () => {
    let fail = true;
    const group = new GroupRuns<string, number, number>(async (_key, items) => {
      if (fail) throw new Error('refused');
      return items;
    });
    const failed = [group.add('a', 1), group.add('a', 2)];
    await expect(Promise.all(failed)).rejects.toThrow('refused');
    await Promise.allSettled(failed);
    fail = false;
    expect(await group.add('a', 3)).toBe(3);
  });

  it('with spacingMs, starts the next run of a key no sooner than that after the last one started, its items together', async () => {
    const started: [number[], number][] = [];
    const group = new GroupRuns<string, number, number>(async (_key, items) => {
      started.push([[...items], Date.now()]);
      return items;
    }, { spacingMs: 200 });
    const first = group.add('a', 1);
    await expect.poll(() => started.length).toBe(1);
    const later = [group.add('a', 2), group.add('a', 3)];
    setTimeout(() => void group.add('a', 4), 50);
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(started.map(([items]) => items)).toEqual([[1], [2, 3, 4]]);
    expect(started[1]![1] - started[0]![1]).toBeGreaterThanOrEqual(195);
    // A lone item after a quiet spell runs at once.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const before = Date.now();
    await group.add('a', 5);
    expect(Date.now() - before).toBeLessThan(150);
  });
});
