import { afterAll, describe, expect, it } from 'vitest';
import {
  SCHEDULE_MESSAGES as S, ScheduleSaveSchema, ScheduleWireSchema, draftFromWire, utcParts, validateSchedule, wireFromDraft,
  type ScheduleDraft, type ScheduleProblem,
} from '../src/schemas/schedules';
import type { ProjectKind } from '../src/schemas/project-screen';

const seen = new Set<string>();
const messages = (problems: ScheduleProblem[]) => {
  for (const problem of problems) seen.add(problem.message);
  return problems.map((problem) => problem.message);
};

const draft = (patch: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  scheduleType: 'FixedDate', startDay: '24/12/2030', startTime: '18:30', sourceProjectIds: [], sourceProjectId: null,
  durationType: 'Once', nDay: null, numberOfPosts: null, ...patch,
});
const check = (patch: Partial<ScheduleDraft>, kind: ProjectKind = 'postingproject') => messages(validateSchedule(draft(patch), { id: 7, kind }));

describe('schedule rules (spec 1 §5)', () => {
  it('accepts a fixed date, once', () => {
    expect(check({})).toEqual([]);
  });

  it('needs a type and a duration', () => {
    expect(check({ scheduleType: null, durationType: null })).toEqual([S.typeRequired, S.durationRequired]);
    expect(validateSchedule(draft({ scheduleType: null }), { id: 7, kind: 'postingproject' }).map((p) => p.field)).toEqual(['scheduleType']);
  });

  it('FixedDate: a start date and a start time that make a real date', () => {
    expect(check({ startDay: null, startTime: null })).toEqual([S.startDateRequired, S.startTimeRequired]);
    expect(check({ startTime: '' })).toEqual([S.startTimeRequired]);
    expect(check({ startDay: '31/02/2030' })).toEqual([S.startDateRequired]);
    expect(check({ startTime: '25:00' })).toEqual([S.startDateRequired]);
    // Another type does not need a date.
    expect(check({ scheduleType: 'AfterProject', startDay: null, startTime: null, sourceProjectIds: [3] })).toEqual([]);
  });

  it('AfterProject, content projects: at least one parent, never the project itself', () => {
    expect(check({ scheduleType: 'AfterProject' })).toEqual([S.parentRequired]);
    expect(check({ scheduleType: 'AfterProject', sourceProjectIds: [3, 7] })).toEqual([S.parentIsSelf]);
    expect(check({ scheduleType: 'AfterProject', sourceProjectIds: [3, 4] })).toEqual([]);
  });

  it('AfterProject, indexer projects: one parent, never the project itself', () => {
    expect(check({ scheduleType: 'AfterProject', sourceProjectIds: [3] }, 'indexerproject')).toEqual([S.parentRequired]);
    expect(check({ scheduleType: 'AfterProject', sourceProjectId: 7 }, 'indexerproject')).toEqual([S.parentIsSelf]);
    expect(check({ scheduleType: 'AfterProject', sourceProjectId: 3 }, 'indexerproject')).toEqual([]);
    // 0 stands for "several" (spec 1 §3).
    expect(check({ scheduleType: 'AfterProject', sourceProjectId: 0 }, 'indexerproject')).toEqual([]);
  });

  it('Spread: a whole number of days of at least 1', () => {
    expect(check({ durationType: 'Spread' })).toEqual([S.nDayRequired]);
    expect(check({ durationType: 'Spread', nDay: Number.NaN })).toEqual([S.nDayRequired]);
    for (const nDay of [0, -1, 2.5]) expect(check({ durationType: 'Spread', nDay })).toEqual([S.nDayPositive]);
    expect(check({ durationType: 'Spread', nDay: 1 })).toEqual([]);
  });

  it('private projects: a whole number of posts, 0 meaning unlimited', () => {
    expect(check({ numberOfPosts: 0 }, 'privateproject')).toEqual([]);
    expect(check({ numberOfPosts: 12 }, 'privateproject')).toEqual([]);
    for (const numberOfPosts of [null, -1, 1.5]) expect(check({ numberOfPosts }, 'privateproject')).toEqual([S.numberOfPostsRange]);
    // Other kinds do not count posts.
    expect(check({ numberOfPosts: null }, 'postingproject')).toEqual([]);
  });
});

describe('the wire form', () => {
  it('turns a wire schedule into a draft and back, keeping only the fields its type uses', () => {
    const wire = ScheduleWireSchema.parse({ scheduleType: 'FixedDate', startDate: '24/12/2030 18:30', sourceProjectIds: [4], durationType: 'Spread', nDay: 3, numberOfPosts: 0 });
    const back = draftFromWire(wire);
    expect(back).toEqual({
      scheduleType: 'FixedDate', startDay: '24/12/2030', startTime: '18:30', sourceProjectIds: [4], sourceProjectId: null,
      durationType: 'Spread', nDay: 3, numberOfPosts: 0,
    });
    expect(wireFromDraft(back, 'privateproject')).toEqual({ scheduleType: 'FixedDate', startDate: '24/12/2030 18:30', durationType: 'Spread', nDay: 3, numberOfPosts: 0 });
    expect(wireFromDraft(back, 'postingproject')).toEqual({ scheduleType: 'FixedDate', startDate: '24/12/2030 18:30', durationType: 'Spread', nDay: 3 });
  });

  it('round-trips every valid shape', () => {
    const wires = [
      { scheduleType: 'FixedDate', startDate: '01/01/2031 00:05', durationType: 'Once' },
      { scheduleType: 'AfterProject', sourceProjectIds: [2, 3], durationType: 'Spread', nDay: 5 },
    ] as const;
    for (const wire of wires) expect(wireFromDraft(draftFromWire(ScheduleWireSchema.parse(wire)), 'postingproject')).toEqual(wire);
    const indexer = { scheduleType: 'AfterProject', sourceProjectId: 9, durationType: 'Once' } as const;
    expect(wireFromDraft(draftFromWire(ScheduleWireSchema.parse(indexer)), 'indexerproject')).toEqual(indexer);
    // An indexer schedule without its single parent says "several" (0).
    expect(wireFromDraft(draft({ scheduleType: 'AfterProject', sourceProjectId: null }), 'indexerproject')).toMatchObject({ sourceProjectId: 0 });
  });

  it('reads an empty or partial wire schedule as an empty draft', () => {
    expect(draftFromWire(ScheduleWireSchema.parse({}))).toEqual({
      scheduleType: null, startDay: null, startTime: null, sourceProjectIds: [], sourceProjectId: null, durationType: null, nDay: null, numberOfPosts: null,
    });
    expect(draftFromWire(ScheduleWireSchema.parse({ startDate: '  24/12/2030  ' }))).toMatchObject({ startDay: '24/12/2030', startTime: null });
  });

  it('saves with status SCHEDULED, the only status a save may carry', () => {
    expect(ScheduleSaveSchema.parse({ schedule: {} }).status).toBe('SCHEDULED');
    expect(ScheduleSaveSchema.safeParse({ status: 'RUNNING', schedule: {} }).success).toBe(false);
    expect(ScheduleWireSchema.safeParse({ scheduleType: 'Weekly' }).success).toBe(false);
  });

  it('splits a chosen instant into its UTC day and time', () => {
    expect(utcParts(new Date(Date.UTC(2030, 11, 24, 18, 30, 45)))).toEqual({ startDay: '24/12/2030', startTime: '18:30' });
  });
});

describe('the messages', () => {
  it('are the spec texts and the server\'s refusals', () => {
    expect(S.numberOfPostsRange).toBe('Number of posts must be equal or greater than 0');
    expect(S.parentNotInCampaign).toBe('The parent project must be a project of the same campaign');
    expect(S.notWhileRunning('STOPPING')).toBe('The project cannot be scheduled while it is STOPPING: try again once it has stopped');
    expect(S.noSchedule).toBe('The project has no schedule');
    expect(S.fixFormFirst).toBe('Please fix the problems below before continue');
  });

  afterAll(() => {
    const ruleMessages = Object.entries(S)
      .filter(([key, value]) => typeof value === 'string' && !['parentNotInCampaign', 'noSchedule', 'fixFormFirst', 'whileRunning', 'savedWhileRunning'].includes(key))
      .map(([, value]) => value);
    expect(ruleMessages.filter((message) => !seen.has(message as string))).toEqual([]);
  });
});
