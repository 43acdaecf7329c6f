import { describe, expect, it } from 'vitest';
import { DAY_MS, postsPerSite, spreadDays, spreadStartTimes } from '../src/domain/spread-schedule';

const START = Date.UTC(2030, 11, 24, 18, 30);

describe('spreadStartTimes', () => {
  it('Once (nDay 0): every post at the start', () => {
    expect(spreadStartTimes(3, 0, START)).toEqual([START, START, START]);
    expect(spreadStartTimes(2, -1, START)).toEqual([START, START]);
  });

  it('Spread: evenly over nDay days, the first at the start', () => {
    expect(spreadStartTimes(4, 2, START)).toEqual([0, 12, 24, 36].map((hours) => START + hours * 3_600_000));
    expect(spreadStartTimes(1, 5, START)).toEqual([START]);
    expect(spreadStartTimes(3, 1, START)).toEqual([START, START + 28_800_000, START + 57_600_000]);
  });

  it('whole milliseconds, never decreasing, all inside the nDay days, equal gaps (±1 ms)', () => {
    const times = spreadStartTimes(7, 3, START);
    expect(times).toHaveLength(7);
    for (const time of times) expect(Number.isInteger(time)).toBe(true);
    for (let i = 1; i < times.length; i += 1) {
      const gap = times[i]! - times[i - 1]!;
      expect(Math.abs(gap - (3 * DAY_MS) / 7)).toBeLessThanOrEqual(1);
    }
    expect(times.at(-1)!).toBeLessThan(START + 3 * DAY_MS);
  });

  it('no posts, no times', () => {
    expect(spreadStartTimes(0, 3, START)).toEqual([]);
    expect(spreadStartTimes(0, 0, START)).toEqual([]);
  });

  it('many posts over many days stay evenly spaced', () => {
    const times = spreadStartTimes(10_000, 30, START);
    expect(times[0]).toBe(START);
    expect(times[5_000]).toBe(START + 15 * DAY_MS);
    expect(times.at(-1)!).toBe(START + Math.floor((9_999 * 30 * DAY_MS) / 10_000));
  });
});

describe('spreadDays', () => {
  it('nDay for Spread, 0 for Once or no schedule', () => {
    expect(spreadDays({ durationType: 'Spread', nDay: 4 })).toBe(4);
    expect(spreadDays({ durationType: 'Once', nDay: 4 })).toBe(0);
    expect(spreadDays(null)).toBe(0);
    expect(spreadDays(undefined)).toBe(0);
    expect(spreadDays({ durationType: 'Spread' })).toBe(1);
    expect(spreadDays({ durationType: 'Spread', nDay: 0 })).toBe(1);
  });
});

describe('postsPerSite', () => {
  it('private projects: numberOfPosts per site', () => {
    expect(postsPerSite({ durationType: 'Once', numberOfPosts: 3 }, 'privateproject')).toBe(3);
    expect(postsPerSite({ durationType: 'Spread', nDay: 10, numberOfPosts: 4 }, 'privateproject')).toBe(4);
  });

  it('private projects, 0 = unlimited: one post per site per day with Spread, one round with Once', () => {
    expect(postsPerSite({ durationType: 'Spread', nDay: 5, numberOfPosts: 0 }, 'privateproject')).toBe(5);
    expect(postsPerSite({ durationType: 'Once', numberOfPosts: 0 }, 'privateproject')).toBe(1);
  });

  it('private projects without a schedule (a plain Start): one post per site', () => {
    expect(postsPerSite(null, 'privateproject')).toBe(1);
    expect(postsPerSite({}, 'privateproject')).toBe(1);
  });

  it('every other kind: one per site, whatever the schedule says', () => {
    for (const kind of ['postingproject', 'indexerproject', 'acproject'] as const) {
      expect(postsPerSite({ durationType: 'Spread', nDay: 5, numberOfPosts: 9 }, kind)).toBe(1);
      expect(postsPerSite(null, kind)).toBe(1);
    }
  });

  it('the planner plans perSite × sites posts and spreads them all over the run', () => {
    const schedule = { durationType: 'Spread', nDay: 2, numberOfPosts: 0 };
    const count = postsPerSite(schedule, 'privateproject') * 3;
    const times = spreadStartTimes(count, spreadDays(schedule), START);
    expect(times).toEqual([0, 8, 16, 24, 32, 40].map((hours) => START + hours * 3_600_000));
  });
});
