import { describe, expect, it } from 'vitest';
import { DAY_MS, spreadStartTimes } from '../src/domain/spread-schedule';
import { SPREAD_TOLERANCE_POSTS_PER_DAY, spreadDeviation } from '../src/domain/link-health/report-rules';
import { createRng } from '../src/engine/random';

/**
 * Spread's pace (issue 18.5: within ±1 post per day of the plan). Each post's start is absolute
 * (start + i · nDay days / count), not after the post before it, so a late post never pushes the
 * ones after it: the plan itself never drifts from the even pace by a whole post.
 */
describe('Spread pace', () => {
  const cases = (() => {
    const rng = createRng('spread pace');
    const list: { count: number; nDay: number; start: number }[] = [];
    for (const count of [1, 2, 7, 10, 29, 30, 31, 100, 365, 1000]) {
      for (const nDay of [1, 2, 3, 7, 30, 90]) list.push({ count, nDay, start: 1_780_000_000_000 + rng.int(0, DAY_MS - 1) });
    }
    return list;
  })();

  it('every day of the run (24 h from the start) plans count / nDay posts, give or take one', () => {
    for (const { count, nDay, start } of cases) {
      const times = spreadStartTimes(count, nDay, start);
      const days = Array.from({ length: nDay }, (_, day) => ({
        planned: count / nDay,
        posts: times.filter((t) => t >= start + day * DAY_MS && t < start + (day + 1) * DAY_MS).length,
      }));
      expect(days.reduce((sum, day) => sum + day.posts, 0)).toBe(count);
      expect(spreadDeviation(days), JSON.stringify({ count, nDay })).toBeLessThan(SPREAD_TOLERANCE_POSTS_PER_DAY);
    }
  });

  it('at every instant the posts planned so far are within one post of the even pace (no drift)', () => {
    for (const { count, nDay, start } of cases) {
      const times = spreadStartTimes(count, nDay, start);
      const span = nDay * DAY_MS;
      times.forEach((time, i) => {
        // Just before post i starts, i posts have started; the even pace asks for count · elapsed / span.
        const ideal = (count * (time - start)) / span;
        // (count / span: one millisecond of pace, the start times being whole milliseconds rounded down.)
        expect(Math.abs(i - ideal)).toBeLessThanOrEqual(1 + count / span);
        expect(Math.abs(i + 1 - ideal)).toBeLessThanOrEqual(1 + count / span);
      });
    }
  });

  it('by calendar day (the report\'s days): 1,000 posts over 30 days plan 33 or 34 on every whole day', () => {
    const times = spreadStartTimes(1000, 30, Date.UTC(2026, 0, 1, 13, 7));
    const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
    const planned = new Map<number, number>();
    for (const time of times) planned.set(dayOf(time), (planned.get(dayOf(time)) ?? 0) + 1);
    // Every calendar day inside the run gets 33 or 34 posts (1000 / 30); the two partial days share one day's worth.
    const inner = [...planned.entries()].sort(([a], [b]) => a - b).slice(1, -1).map(([, n]) => n);
    expect(inner.every((n) => n === 33 || n === 34)).toBe(true);
  });
});
