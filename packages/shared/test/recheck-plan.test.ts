import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECHECK_SCHEDULE, ERROR_BACKOFF_BASE_MS, JITTER_MAX_MS, isValidRecheckSchedule, linkJitterFraction, nextRecheckAt,
  type LinkHistoryStatus,
} from '../src/domain/link-health/recheck-plan';
import { DAY_MS } from '../src/domain/spread-schedule';

const HOUR = 3_600_000;
const PUBLISHED = Date.UTC(2026, 0, 1, 0, 0, 0);

function check(checkedAt: number, status: LinkHistoryStatus = 'OK') {
  return { checkedAt, status };
}

/** Jitter of a link for a gap of `gapDays` (what the planner adds to the nominal time). */
function jitterOf(linkId: number, gapMs: number): number {
  return Math.floor(linkJitterFraction(linkId) * Math.min(JITTER_MAX_MS, gapMs / 4));
}

describe('linkJitterFraction', () => {
  it('is fixed by the id and within [0, 1)', () => {
    for (let id = 1; id <= 5000; id += 1) {
      const f = linkJitterFraction(id);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      expect(linkJitterFraction(id)).toBe(f);
    }
  });

  it('spreads consecutive ids evenly (no bucket of ten holds much more than its share)', () => {
    const buckets = new Array<number>(10).fill(0);
    for (let id = 1; id <= 10_000; id += 1) buckets[Math.floor(linkJitterFraction(id) * 10)]! += 1;
    for (const count of buckets) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1150);
    }
  });
});

describe('nextRecheckAt: the default schedule (1, 7, 30 days, then every 30)', () => {
  const id = 42;

  it('a link never checked is due a day after publishing, plus its jitter', () => {
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [] })).toBe(PUBLISHED + DAY_MS + jitterOf(id, DAY_MS));
  });

  it('the check at publishing leads to day 1; day 1 to day 7; day 7 to day 30; day 30 to day 60, 90…', () => {
    let checks = [check(PUBLISHED + 5_000)];
    const expected = [
      [1, 1], [7, 6], [30, 23], [60, 30], [90, 30], [120, 30],
    ] as const;
    for (const [day, gap] of expected) {
      const due = nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks });
      expect(due).toBe(PUBLISHED + day * DAY_MS + jitterOf(id, gap * DAY_MS));
      checks = [...checks, check(due + 1_000)];
    }
  });

  it('counts from the publish time, so a late check does not push later ones back', () => {
    const lateDay7 = PUBLISHED + 9 * DAY_MS;
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [check(PUBLISHED), check(lateDay7)] }))
      .toBe(PUBLISHED + 30 * DAY_MS + jitterOf(id, 23 * DAY_MS));
  });

  it('missed steps (nothing checked for months) come due once, in the past: then the first step after that check', () => {
    const due = nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [check(PUBLISHED)] });
    expect(due).toBeLessThan(PUBLISHED + 200 * DAY_MS);
    const caughtUp = PUBLISHED + 200 * DAY_MS;
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [check(PUBLISHED), check(caughtUp)] }))
      .toBe(PUBLISHED + 210 * DAY_MS + jitterOf(id, 30 * DAY_MS));
  });

  it('takes the checks in any order (the latest decides)', () => {
    const checks = [check(PUBLISHED + 8 * DAY_MS), check(PUBLISHED), check(PUBLISHED + DAY_MS + HOUR)];
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks })).toBe(PUBLISHED + 30 * DAY_MS + jitterOf(id, 23 * DAY_MS));
  });

  it('a check made before the publish time counts as made at it', () => {
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [check(PUBLISHED - DAY_MS)] })).toBe(PUBLISHED + DAY_MS + jitterOf(id, DAY_MS));
  });

  it('MISSING, GONE and NOFOLLOW follow the schedule like OK (only ERROR backs off)', () => {
    for (const status of ['MISSING', 'GONE', 'NOFOLLOW'] as const) {
      expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [check(PUBLISHED + DAY_MS + HOUR, status)] }))
        .toBe(PUBLISHED + 7 * DAY_MS + jitterOf(id, 6 * DAY_MS));
    }
  });
});

describe('nextRecheckAt: spread', () => {
  it('10,000 links published at one instant come due over the window, never more than 2% in one window-hundredth', () => {
    const dues = new Map<number, number>();
    for (let linkId = 1; linkId <= 10_000; linkId += 1) {
      const due = nextRecheckAt({ linkId, publishedAt: PUBLISHED, checks: [check(PUBLISHED)] });
      expect(due).toBeGreaterThanOrEqual(PUBLISHED + DAY_MS);
      expect(due).toBeLessThan(PUBLISHED + DAY_MS + DAY_MS / 4);
      const slot = Math.floor((due - PUBLISHED - DAY_MS) / (DAY_MS / 4 / 100));
      dues.set(slot, (dues.get(slot) ?? 0) + 1);
    }
    expect(dues.size).toBe(100);
    expect(Math.max(...dues.values())).toBeLessThan(200);
  });

  it('the window is at most JITTER_MAX_MS however long the gap', () => {
    for (let linkId = 1; linkId <= 2_000; linkId += 1) {
      const due = nextRecheckAt({ linkId, publishedAt: PUBLISHED, checks: [check(PUBLISHED + 31 * DAY_MS)] });
      expect(due - (PUBLISHED + 60 * DAY_MS)).toBeLessThan(JITTER_MAX_MS);
      expect(due).toBeGreaterThanOrEqual(PUBLISHED + 60 * DAY_MS);
    }
  });

  it('a jittered check never skips the next step (the window stays inside the gap)', () => {
    for (let linkId = 1; linkId <= 500; linkId += 1) {
      let checks = [check(PUBLISHED)];
      const days: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const due = nextRecheckAt({ linkId, publishedAt: PUBLISHED, checks });
        days.push(Math.floor((due - PUBLISHED) / DAY_MS));
        checks = [...checks, check(due)];
      }
      expect(days).toEqual([1, 7, 30, 60, 90]);
    }
  });
});

describe('nextRecheckAt: back-off for errors', () => {
  const id = 7;

  it('one ERROR: an hour later (plus jitter within a quarter hour); each further ERROR in a row doubles it', () => {
    const at = PUBLISHED + 2 * DAY_MS;
    let checks = [check(PUBLISHED), check(PUBLISHED + DAY_MS)];
    for (let errors = 1; errors <= 6; errors += 1) {
      checks = [...checks, check(at + errors, 'ERROR')];
      const delay = ERROR_BACKOFF_BASE_MS * 2 ** (errors - 1);
      expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks })).toBe(at + errors + delay + jitterOf(id, delay));
    }
  });

  it('never waits longer than thenEveryDays, however many errors', () => {
    const at = PUBLISHED + 2 * DAY_MS;
    const checks = Array.from({ length: 60 }, (_, i) => check(at + i, 'ERROR'));
    const due = nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks });
    expect(due).toBe(at + 59 + 30 * DAY_MS + jitterOf(id, 30 * DAY_MS));
  });

  it('an OK after errors returns to the schedule', () => {
    const checks = [check(PUBLISHED), check(PUBLISHED + DAY_MS + HOUR, 'ERROR'), check(PUBLISHED + DAY_MS + 2 * HOUR, 'OK')];
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks })).toBe(PUBLISHED + 7 * DAY_MS + jitterOf(id, 6 * DAY_MS));
  });

  it('only the ERRORs at the end count (earlier ones were followed by a good check)', () => {
    const checks = [check(PUBLISHED, 'ERROR'), check(PUBLISHED + HOUR, 'ERROR'), check(PUBLISHED + 3 * HOUR, 'OK'), check(PUBLISHED + DAY_MS + HOUR, 'ERROR')];
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks })).toBe(PUBLISHED + DAY_MS + 2 * HOUR + jitterOf(id, HOUR));
  });
});

describe('nextRecheckAt: user schedules', () => {
  it('a schedule without fixed days checks every n days from publishing', () => {
    const schedule = { afterPublishDays: [], thenEveryDays: 3 };
    expect(nextRecheckAt({ linkId: 1, publishedAt: PUBLISHED, checks: [], schedule })).toBe(PUBLISHED + 3 * DAY_MS + jitterOf(1, 3 * DAY_MS));
    expect(nextRecheckAt({ linkId: 1, publishedAt: PUBLISHED, checks: [check(PUBLISHED + 4 * DAY_MS)], schedule }))
      .toBe(PUBLISHED + 6 * DAY_MS + jitterOf(1, 3 * DAY_MS));
  });

  it('fractions of a day work (2 hours, then every 12 hours)', () => {
    const schedule = { afterPublishDays: [1 / 12], thenEveryDays: 0.5 };
    expect(nextRecheckAt({ linkId: 9, publishedAt: PUBLISHED, checks: [check(PUBLISHED)], schedule })).toBe(PUBLISHED + 2 * HOUR + jitterOf(9, 2 * HOUR));
    expect(nextRecheckAt({ linkId: 9, publishedAt: PUBLISHED, checks: [check(PUBLISHED + 3 * HOUR)], schedule }))
      .toBe(PUBLISHED + 14 * HOUR + jitterOf(9, 12 * HOUR));
  });

  it('refuses schedules it cannot plan with', () => {
    expect(isValidRecheckSchedule(DEFAULT_RECHECK_SCHEDULE)).toBe(true);
    for (const bad of [
      { afterPublishDays: [1, 7], thenEveryDays: 0 },
      { afterPublishDays: [7, 1], thenEveryDays: 30 },
      { afterPublishDays: [1, 1], thenEveryDays: 30 },
      { afterPublishDays: [0, 7], thenEveryDays: 30 },
      { afterPublishDays: [Number.NaN], thenEveryDays: 30 },
      { afterPublishDays: [1], thenEveryDays: Number.POSITIVE_INFINITY },
    ]) {
      expect(isValidRecheckSchedule(bad)).toBe(false);
      expect(() => nextRecheckAt({ linkId: 1, publishedAt: PUBLISHED, checks: [], schedule: bad })).toThrow(RangeError);
    }
  });
});
