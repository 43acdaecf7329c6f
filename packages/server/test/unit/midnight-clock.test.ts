import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@linkloom/shared';
import { MidnightClock } from '../support/midnight-clock';

const HOUR = 3_600_000;
const MIDNIGHT = 20_000 * DAY_MS;

describe('the test-only midnight clock', () => {
  const clock = new MidnightClock(MIDNIGHT, { fast: 6000, slow: 450, slowBeforeMidnightMs: HOUR, slowAfterMidnightMs: HOUR / 12 });
  const wallBetween = (from: number, to: number) => clock.wallTime(to) - clock.wallTime(from);

  it('runs fast through the day and slowly around each midnight', () => {
    expect(wallBetween(MIDNIGHT + 12 * HOUR, MIDNIGHT + 13 * HOUR)).toBe(600);
    expect(wallBetween(MIDNIGHT + 23 * HOUR, MIDNIGHT + 24 * HOUR)).toBe(8000);
    expect(wallBetween(MIDNIGHT + 24 * HOUR, MIDNIGHT + 24 * HOUR + HOUR / 12)).toBe(667);
    expect(clock.dayWallMs).toBeCloseTo(((DAY_MS - HOUR - HOUR / 12) / 6000) + ((HOUR + HOUR / 12) / 450), 6);
    expect(wallBetween(MIDNIGHT + 5 * HOUR, MIDNIGHT + 5 * HOUR + 7 * DAY_MS)).toBe(Math.round(7 * clock.dayWallMs));
  });

  it('never runs backwards, from one day into the next', () => {
    let last = -Infinity;
    for (let at = MIDNIGHT - 2 * HOUR; at <= MIDNIGHT + 2 * DAY_MS; at += 7 * 60_000) {
      const wall = clock.wallTime(at);
      expect(wall).toBeGreaterThanOrEqual(last);
      last = wall;
    }
  });
});
