import { describe, expect, it } from 'vitest';
import { RunOutlookQuerySchema, describeRunOutlook, localDay, shortLocalTime, type RunOutlook } from '../src/schemas/run-outlook';

/** A local instant of the machine running the test (the screens speak local time). */
const at = (day: number, hour: number, minute = 0) => new Date(2030, 10, day, hour, minute).getTime();
const NOW = at(28, 12);
const run = (changes: Partial<NonNullable<RunOutlook['run']>> = {}): NonNullable<RunOutlook['run']> => ({
  state: 'running', planned: 10, done: 3, failed: 0, todayPlanned: 4, todayDone: 2, nextPostAt: at(28, 14, 5), etaAt: at(30, 9), heldForProxy: false, ...changes,
});

describe('describeRunOutlook (issue 35 item 2)', () => {
  it('a running project: the next post, today, in all, the last post, in local time', () => {
    expect(describeRunOutlook({ status: 'RUNNING', startsAt: null, run: run() }, NOW))
      .toEqual(['next post 14:05', '2 of 4 today', '3 of 10 posts', 'last post 30/11 09:00']);
    expect(describeRunOutlook({ status: 'RUNNING', startsAt: null, run: run({ nextPostAt: NOW - 5000, failed: 1, heldForProxy: true }) }, NOW))
      .toEqual(['waits for a live proxy', 'next post now', '2 of 4 today', '3 of 10 posts, 1 failed', 'last post 30/11 09:00']);
  });
  it('a waiting project says what it waits for: its date or its parents', () => {
    expect(describeRunOutlook({ status: 'SCHEDULED', startsAt: at(29, 8, 30), run: null }, NOW)).toEqual(['waits for its date: 29/11 08:30']);
    expect(describeRunOutlook({ status: 'SCHEDULED', startsAt: null, run: null }, NOW, "#2 'Tier 1' (RUNNING)")).toEqual(["waits for #2 'Tier 1' (RUNNING)"]);
    expect(describeRunOutlook({ status: 'COMPLETED', startsAt: null, run: run({ state: 'completed', done: 10, nextPostAt: null, etaAt: null }) }, NOW)).toEqual(['10 of 10 posts in the last run']);
    expect(describeRunOutlook({ status: 'NEW', startsAt: null, run: null }, NOW)).toEqual([]);
  });
  it('a project verifying mail says whose mail it waits for and when it looks again', () => {
    const done = run({ state: 'completed', planned: 2, done: 2, nextPostAt: null, etaAt: null });
    expect(describeRunOutlook({ status: 'VERIFYING', startsAt: null, run: done, waitsForMail: { accounts: 2, nextLookAt: at(28, 12, 10) } }, NOW))
      .toEqual(['waits for the confirmation mail of 2 accounts: next look 12:10', '2 of 2 posts in the last run']);
    expect(describeRunOutlook({ status: 'VERIFYING', startsAt: null, run: null, waitsForMail: { accounts: 1, nextLookAt: NOW } }, NOW))
      .toEqual(['waits for the confirmation mail of 1 account: looks again now']);
    // Once it no longer verifies, a stale wait says nothing.
    expect(describeRunOutlook({ status: 'COMPLETED', startsAt: null, run: null, waitsForMail: { accounts: 1, nextLookAt: NOW } }, NOW)).toEqual([]);
  });
  it('short local times, the local day, and the query', () => {
    expect(shortLocalTime(at(28, 9, 7), NOW)).toBe('09:07');
    expect(shortLocalTime(new Date(2031, 0, 2, 3, 4).getTime(), NOW)).toBe('02/01/2031 03:04');
    expect(localDay(NOW)).toEqual({ dayStart: at(28, 0), dayEnd: at(29, 0) });
    expect(RunOutlookQuerySchema.parse({ dayStart: '100', dayEnd: '200' })).toEqual({ dayStart: 100, dayEnd: 200 });
    expect(RunOutlookQuerySchema.safeParse({ dayStart: '-1' }).success).toBe(false);
  });
});
