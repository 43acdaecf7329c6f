import { describe, expect, it } from 'vitest';
import {
  CHECK_NOW_MAX_LINKS, CHECK_NOW_MESSAGES, CheckNowRequestSchema, RECHECK_SCHEDULE_MESSAGES, RecheckScheduleSchema, checkFoundProblems, checkNowScopeOf,
  daysToUnit, describeCheckProgress, describeCheckResult, isWholeHoursOfDays, optionsUpdateSchemaFor, recheckUnitOf, unitToDays,
} from '../src/index';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : [...new Set(result.error!.issues.map((issue) => issue.message))];

describe('check now: the request (issue 36)', () => {
  it('takes exactly one scope and reads it', () => {
    expect(checkNowScopeOf(CheckNowRequestSchema.parse({ urlItemIds: [3, 1, 2] }))).toEqual({ kind: 'links', ids: [3, 1, 2] });
    expect(checkNowScopeOf(CheckNowRequestSchema.parse({ linkSetId: 4 }))).toEqual({ kind: 'linkSet', id: 4 });
    expect(checkNowScopeOf(CheckNowRequestSchema.parse({ projectId: 5 }))).toEqual({ kind: 'project', id: 5 });
    expect(checkNowScopeOf(CheckNowRequestSchema.parse({ campaignId: 6 }))).toEqual({ kind: 'campaign', id: 6 });
    expect(CheckNowRequestSchema.safeParse({ urlItemIds: Array.from({ length: CHECK_NOW_MAX_LINKS }, (_, i) => i + 1) }).success).toBe(true);
  });

  it('refuses none, two, unknown keys and non-objects with the one-scope message', () => {
    for (const body of [{}, { linkSetId: 1, projectId: 2 }, { urlItemIds: [1], campaignId: 1 }, { ids: [1] }, { linkSetId: 1, name: 'x' }, null, [1], 'campaign']) {
      expect(messages(CheckNowRequestSchema.safeParse(body)), JSON.stringify(body)).toEqual([CHECK_NOW_MESSAGES.oneScope]);
    }
  });

  it('refuses ids that are not whole numbers from 1 (no coercion), and lists empty or over 10,000', () => {
    for (const id of [0, -1, 1.5, '7', null, Number.NaN, 2 ** 53]) {
      expect(messages(CheckNowRequestSchema.safeParse({ campaignId: id })), String(id)).toEqual([CHECK_NOW_MESSAGES.id]);
      expect(messages(CheckNowRequestSchema.safeParse({ urlItemIds: [1, id] })), String(id)).toEqual([CHECK_NOW_MESSAGES.id]);
    }
    expect(messages(CheckNowRequestSchema.safeParse({ urlItemIds: [] }))).toEqual([CHECK_NOW_MESSAGES.urlItemIds]);
    expect(messages(CheckNowRequestSchema.safeParse({ urlItemIds: 5 }))).toEqual([CHECK_NOW_MESSAGES.urlItemIds]);
    expect(messages(CheckNowRequestSchema.safeParse({ urlItemIds: Array.from({ length: CHECK_NOW_MAX_LINKS + 1 }, (_, i) => i + 1) })))
      .toEqual([CHECK_NOW_MESSAGES.urlItemIds]);
  });
});

describe('the re-check schedule in hours or days (issue 36)', () => {
  const schedule = (value: unknown) => optionsUpdateSchemaFor(false).safeParse({ recheckSchedule: value });

  it('a schedule saved in whole days before reads the same', () => {
    const old = { afterPublishDays: [1, 7, 30], thenEveryDays: 30 };
    expect(RecheckScheduleSchema.parse(old)).toEqual(old);
    expect(schedule(old).success).toBe(true);
  });

  it('takes whole hours as fractions of a day: 1 hour, 6 hours, 36 hours, every hour', () => {
    const hours = { afterPublishDays: [1 / 24, 0.25, 1.5], thenEveryDays: 1 / 24 };
    expect(RecheckScheduleSchema.parse(hours)).toEqual(hours);
  });

  it('refuses less than an hour, parts of an hour, and too long, each with its message', () => {
    for (const days of [0, 0.5 / 24, 0.3, 3651, -1]) {
      expect(messages(schedule({ afterPublishDays: [days], thenEveryDays: 1 })), String(days)).toEqual([RECHECK_SCHEDULE_MESSAGES.afterPublishDays]);
    }
    for (const days of [0, 0.5 / 24, 0.3, 366]) {
      expect(messages(schedule({ afterPublishDays: [1], thenEveryDays: days })), String(days)).toEqual([RECHECK_SCHEDULE_MESSAGES.thenEveryDays]);
    }
    expect(messages(schedule({ afterPublishDays: [0.5, 0.25], thenEveryDays: 1 }))).toEqual([RECHECK_SCHEDULE_MESSAGES.ascending]);
    expect(messages(schedule({ afterPublishDays: [1], thenEveryDays: 1, unit: 'hours' }))).toEqual([RECHECK_SCHEDULE_MESSAGES.notObject]);
  });

  it('converts between the unit the screen shows and the days stored, without float noise', () => {
    expect(isWholeHoursOfDays(1 / 24)).toBe(true);
    expect(isWholeHoursOfDays(0.3)).toBe(false);
    for (let hours = 1; hours <= 24 * 40; hours += 1) {
      const days = unitToDays(hours, 'hours');
      expect(isWholeHoursOfDays(days)).toBe(true);
      expect(daysToUnit(days, 'hours')).toBe(hours);
    }
    expect(unitToDays(7, 'days')).toBe(7);
    expect(daysToUnit(7, 'days')).toBe(7);
    expect(recheckUnitOf([1, 7, 30])).toBe('days');
    expect(recheckUnitOf([0.25, 1])).toBe('hours');
    expect(recheckUnitOf([])).toBe('days');
  });
});

describe('check now: what the buttons say', () => {
  it('counts up while the checks land', () => {
    expect(describeCheckProgress(undefined)).toBe('Checking…');
    expect(describeCheckProgress({ done: 12, total: 40 })).toBe('Checking 12 of 40…');
    expect(describeCheckProgress({ done: 0, total: 1 })).toBe('Checking 0 of 1…');
  });

  it('sums the result up in one line', () => {
    expect(describeCheckResult({ done: 40, total: 40, live: 37, missing: 3, errors: 0 })).toBe('40 links checked: 37 live, 3 missing');
    expect(describeCheckResult({ done: 1, total: 1, live: 1, missing: 0, errors: 0 })).toBe('1 link checked: 1 live');
    expect(describeCheckResult({ done: 12, total: 12, live: 10, missing: 1, errors: 1 })).toBe('12 links checked: 10 live, 1 missing, 1 could not be read');
    expect(describeCheckResult({ done: 38, total: 40, live: 38, missing: 0, errors: 0 }))
      .toBe('38 of 40 links checked: 38 live (2 not checked yet: their results come to the link set as they land)');
    expect(describeCheckResult({ done: 0, total: 0, live: 0, missing: 0, errors: 0 })).toBe('No published links to check');
    expect(checkFoundProblems({ missing: 0, errors: 0 })).toBe(false);
    expect(checkFoundProblems({ missing: 1, errors: 0 })).toBe(true);
  });
});
