import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { SCHEDULE_MESSAGES, wireFromDraft } from '@linkloom/shared';
import { draftFromValues, scheduleFieldProblem, valuesFromSchedule, type ScheduleFormValues } from './schedule-values';

// A zone east of UTC with no daylight saving (UTC+05:30): an early-morning local start is still
// the previous day in UTC, so a wrong conversion shows in both the day and the time.
const ZONE = 'Asia/Kolkata';
let previousZone: string | undefined;
beforeAll(() => {
  previousZone = process.env.TZ;
  process.env.TZ = ZONE;
});
afterAll(() => {
  if (previousZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousZone;
});

const project = { id: 7, kind: 'postingproject' as const };

describe('draftFromValues', () => {
  it('turns the local date and time into the UTC day and time of the wire', () => {
    const values: ScheduleFormValues = {
      scheduleType: 'FixedDate',
      startDate: dayjs(new Date(2030, 0, 1, 0, 0)),
      startTime: dayjs(new Date(2000, 5, 5, 3, 15)),
      durationType: 'Once',
    };
    const draft = draftFromValues(values);
    expect(draft).toMatchObject({ startDay: '31/12/2029', startTime: '21:45', scheduleType: 'FixedDate', durationType: 'Once' });
    expect(wireFromDraft(draft, 'postingproject')).toEqual({ scheduleType: 'FixedDate', startDate: '31/12/2029 21:45', durationType: 'Once' });
  });

  it('keeps a missing date or time missing, so the rules name the right field', () => {
    const onlyDate = draftFromValues({ scheduleType: 'FixedDate', startDate: dayjs(), durationType: 'Once' });
    expect(onlyDate.startDay).not.toBeNull();
    expect(onlyDate.startTime).toBeNull();
    expect(scheduleFieldProblem({ scheduleType: 'FixedDate', startDate: dayjs(), durationType: 'Once' }, 'startTime', project)).toBe(SCHEDULE_MESSAGES.startTimeRequired);
    expect(scheduleFieldProblem({ scheduleType: 'FixedDate', startTime: dayjs(), durationType: 'Once' }, 'startDate', project)).toBe(SCHEDULE_MESSAGES.startDateRequired);
  });

  it('reads empty pickers and inputs as nothing chosen', () => {
    expect(draftFromValues({})).toEqual({
      scheduleType: null, startDay: null, startTime: null, sourceProjectIds: [], sourceProjectId: null,
      durationType: null, nDay: null, numberOfPosts: null,
    });
  });
});

describe('scheduleFieldProblem', () => {
  it('reports each rule on its own field with the spec text', () => {
    expect(scheduleFieldProblem({}, 'scheduleType', project)).toBe(SCHEDULE_MESSAGES.typeRequired);
    expect(scheduleFieldProblem({}, 'durationType', project)).toBe(SCHEDULE_MESSAGES.durationRequired);
    expect(scheduleFieldProblem({ scheduleType: 'AfterProject' }, 'sourceProjectIds', project)).toBe(SCHEDULE_MESSAGES.parentRequired);
    expect(scheduleFieldProblem({ scheduleType: 'AfterProject', sourceProjectIds: [7] }, 'sourceProjectIds', project)).toBe(SCHEDULE_MESSAGES.parentIsSelf);
    expect(scheduleFieldProblem({ scheduleType: 'AfterProject' }, 'sourceProjectId', { id: 7, kind: 'indexerproject' })).toBe(SCHEDULE_MESSAGES.parentRequired);
    expect(scheduleFieldProblem({ durationType: 'Spread' }, 'nDay', project)).toBe(SCHEDULE_MESSAGES.nDayRequired);
    expect(scheduleFieldProblem({ durationType: 'Spread', nDay: 0 }, 'nDay', project)).toBe(SCHEDULE_MESSAGES.nDayPositive);
    expect(scheduleFieldProblem({ numberOfPosts: -1 }, 'numberOfPosts', { id: 7, kind: 'privateproject' })).toBe(SCHEDULE_MESSAGES.numberOfPostsRange);
    expect(scheduleFieldProblem({ numberOfPosts: 0 }, 'numberOfPosts', { id: 7, kind: 'privateproject' })).toBeNull();
  });

  it('finds nothing wrong with a complete schedule', () => {
    const values: ScheduleFormValues = { scheduleType: 'AfterProject', sourceProjectIds: [3, 4], durationType: 'Spread', nDay: 2 };
    for (const field of ['scheduleType', 'sourceProjectIds', 'durationType', 'nDay'] as const) {
      expect(scheduleFieldProblem(values, field, project)).toBeNull();
    }
  });
});

describe('valuesFromSchedule', () => {
  it('shows a stored UTC start in local time, and the draft of those values gives it back', () => {
    const values = valuesFromSchedule({ status: 'SCHEDULED', scheduleType: 'FixedDate', startDate: '31/12/2029 21:45', durationType: 'Spread', nDay: 3 }, 'postingproject');
    expect(values.startDate?.format('DD/MM/YYYY')).toBe('01/01/2030');
    expect(values.startTime?.format('HH:mm')).toBe('03:15');
    expect(values).toMatchObject({ scheduleType: 'FixedDate', durationType: 'Spread', nDay: 3, numberOfPosts: null });
    expect(draftFromValues(values)).toMatchObject({ startDay: '31/12/2029', startTime: '21:45' });
  });

  it('starts a new schedule empty; private projects at 0 posts (unlimited)', () => {
    expect(valuesFromSchedule(null, 'postingproject')).toMatchObject({ scheduleType: null, durationType: null, startDate: null, numberOfPosts: null });
    expect(valuesFromSchedule(null, 'privateproject').numberOfPosts).toBe(0);
    expect(valuesFromSchedule({ scheduleType: 'AfterProject', sourceProjectIds: [2], durationType: 'Once', numberOfPosts: 5 }, 'privateproject'))
      .toMatchObject({ sourceProjectIds: [2], numberOfPosts: 5 });
  });

  it('shows no single parent when an indexer schedule says "several" (0)', () => {
    expect(valuesFromSchedule({ scheduleType: 'AfterProject', sourceProjectId: 0, durationType: 'Once' }, 'indexerproject').sourceProjectId).toBeNull();
    expect(valuesFromSchedule({ scheduleType: 'AfterProject', sourceProjectId: 4, durationType: 'Once' }, 'indexerproject').sourceProjectId).toBe(4);
  });

  it('ignores a stored schedule of an unknown type', () => {
    expect(valuesFromSchedule({ scheduleType: 'Weekly', durationType: 'Once' }, 'postingproject').scheduleType).toBeNull();
  });
});
