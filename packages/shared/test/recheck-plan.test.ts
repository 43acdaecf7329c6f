import { describe, expect, it } from 'vitest';
import {
  DEAD_CONFIRM_BACKOFF_MS, DEAD_CONFIRM_JITTER_MAX_MS, DEFAULT_RECHECK_SCHEDULE, ERROR_BACKOFF_BASE_MS, JITTER_MAX_MS, isValidRecheckSchedule,
  linkJitterFraction, nextRecheckAt, type LinkHistoryStatus,
} from '../src/domain/link-health/recheck-plan';
import { targetHealth } from '../src/domain/link-health/tier-health';
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

  it('NOFOLLOW follows the schedule like OK, and so does a dead link once confirmed (two dead checks in a row)', () => {
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [check(PUBLISHED + DAY_MS + HOUR, 'NOFOLLOW')] }))
      .toBe(PUBLISHED + 7 * DAY_MS + jitterOf(id, 6 * DAY_MS));
    for (const status of ['MISSING', 'GONE'] as const) {
      const confirmed = [check(PUBLISHED + DAY_MS, 'MISSING'), check(PUBLISHED + DAY_MS + HOUR, status)];
      expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: confirmed })).toBe(PUBLISHED + 7 * DAY_MS + jitterOf(id, 6 * DAY_MS));
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

describe('nextRecheckAt: dead fast (issue 36)', () => {
  const id = 11;
  const confirmJitter = (linkId: number) => Math.floor(linkJitterFraction(linkId) * DEAD_CONFIRM_JITTER_MAX_MS);

  it('a first dead check (MISSING or GONE) is looked at again minutes later, not at the next step of the schedule', () => {
    for (const status of ['MISSING', 'GONE'] as const) {
      const at = PUBLISHED + DAY_MS + HOUR;
      const due = nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks: [check(PUBLISHED), check(at, status)] });
      expect(due).toBe(at + DEAD_CONFIRM_BACKOFF_MS + confirmJitter(id));
      expect(due - at).toBeGreaterThanOrEqual(10 * 60_000);
      expect(due - at).toBeLessThan(12 * 60_000);
    }
  });

  it('the confirming check at that time makes the link dead (the second dead check in a row)', () => {
    const first = PUBLISHED + 3 * DAY_MS;
    const checks = [check(PUBLISHED), check(first, 'GONE')];
    const due = nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks });
    expect(targetHealth(checks)).toEqual({ dead: false });
    expect(targetHealth([...checks, check(due, 'GONE')])).toEqual({ dead: true, reason: 'GONE', since: due });
    expect(due - first).toBeLessThan(DEAD_CONFIRM_BACKOFF_MS + DEAD_CONFIRM_JITTER_MAX_MS);
  });

  it('links found dead together are confirmed over a couple of minutes (jitter by id), each the same every time', () => {
    const at = PUBLISHED + DAY_MS;
    const dues = new Set<number>();
    for (let linkId = 1; linkId <= 1000; linkId += 1) {
      const due = nextRecheckAt({ linkId, publishedAt: PUBLISHED, checks: [check(at, 'MISSING')] });
      expect(due - at).toBeGreaterThanOrEqual(DEAD_CONFIRM_BACKOFF_MS);
      expect(due - at).toBeLessThan(DEAD_CONFIRM_BACKOFF_MS + DEAD_CONFIRM_JITTER_MAX_MS);
      expect(nextRecheckAt({ linkId, publishedAt: PUBLISHED, checks: [check(at, 'MISSING')] })).toBe(due);
      dues.add(Math.floor((due - at - DEAD_CONFIRM_BACKOFF_MS) / 10_000));
    }
    expect(dues.size).toBe(DEAD_CONFIRM_JITTER_MAX_MS / 10_000);
  });

  it('a transient failure (ERROR) while a dead check waits for its confirmation backs off from the short wait, doubling (20, 40, 80 … minutes), below the hour-based back-off', () => {
    const at = PUBLISHED + DAY_MS;
    let checks = [check(PUBLISHED), check(at, 'MISSING')];
    const delays: number[] = [];
    for (let errors = 1; errors <= 5; errors += 1) {
      const last = at + errors * 1000;
      checks = [...checks, check(last, 'ERROR')];
      delays.push(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks }) - last - confirmJitter(id));
    }
    expect(delays).toEqual([20, 40, 80, 160, 320].map((minutes) => minutes * 60_000));
    delays.forEach((delay, i) => expect(delay).toBeLessThan(ERROR_BACKOFF_BASE_MS * 2 ** i));
    // And the ERRORs never made it dead: one dead check, then failures to read, is alive.
    expect(targetHealth(checks)).toEqual({ dead: false });
  });

  it('an OK after the first dead check returns to the schedule', () => {
    const checks = [check(PUBLISHED), check(PUBLISHED + DAY_MS, 'MISSING'), check(PUBLISHED + DAY_MS + 11 * 60_000, 'OK')];
    expect(nextRecheckAt({ linkId: id, publishedAt: PUBLISHED, checks })).toBe(PUBLISHED + 7 * DAY_MS + jitterOf(id, 6 * DAY_MS));
  });
});

describe('nextRecheckAt: user schedules', () => {
  it('a schedule without fixed days checks every n days from publishing', () => {
    const schedule = { afterPublishDays: [], thenEveryDays: 3 };
    expect(nextRecheckAt({ linkId: 1, publishedAt: PUBLISHED, checks: [], schedule })).toBe(PUBLISHED + 3 * DAY_MS + jitterOf(1, 3 * DAY_MS));
    expect(nextRecheckAt({ linkId: 1, publishedAt: PUBLISHED, checks: [check(PUBLISHED + 4 * DAY_MS)], schedule }))
      .toBe(PUBLISHED + 6 * DAY_MS + jitterOf(1, 3 * DAY_MS));
  });

  it('a schedule in hours (6 hours, then every 1 hour: stored as 0.25 and 1/24 days) plans to the millisecond', () => {
    const schedule = { afterPublishDays: [6 / 24], thenEveryDays: 1 / 24 };
    expect(nextRecheckAt({ linkId: 3, publishedAt: PUBLISHED, checks: [check(PUBLISHED)], schedule })).toBe(PUBLISHED + 6 * HOUR + jitterOf(3, 6 * HOUR));
    expect(nextRecheckAt({ linkId: 3, publishedAt: PUBLISHED, checks: [check(PUBLISHED + 6 * HOUR + 1)], schedule })).toBe(PUBLISHED + 7 * HOUR + jitterOf(3, HOUR));
    expect(nextRecheckAt({ linkId: 3, publishedAt: PUBLISHED, checks: [check(PUBLISHED + 30 * HOUR + 5)], schedule })).toBe(PUBLISHED + 31 * HOUR + jitterOf(3, HOUR));
    // An ERROR backs off no longer than the schedule's interval: an hour.
    expect(nextRecheckAt({ linkId: 3, publishedAt: PUBLISHED, checks: Array.from({ length: 5 }, (_, i) => check(PUBLISHED + i, 'ERROR')), schedule }))
      .toBe(PUBLISHED + 4 + HOUR + jitterOf(3, HOUR));
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
