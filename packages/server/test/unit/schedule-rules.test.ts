import { describe, expect, it } from 'vitest';
import { armedColumns, fixedStart, parentIds, parentsDone, readSchedule, withScheduleStatus } from '../../src/engine/scheduler/schedule-rules';
import type { ParentState } from '../../src/engine/scheduler/scheduled-projects.repository';

const campaign: ParentState[] = [
  { id: 1, module: 'Wiki', status: 'COMPLETED', finishedAt: 1_000 },
  { id: 2, module: 'Private', status: 'COMPLETED', finishedAt: 5_000 },
  { id: 3, module: 'Indexer', status: 'NEW', finishedAt: null },
  { id: 4, module: 'Indexer', status: 'SCHEDULED', finishedAt: null },
  { id: 5, module: 'Wiki', status: 'FAILED', finishedAt: 6_000 },
];

describe('schedule rules', () => {
  it('reads a stored schedule, or null for none or garbage', () => {
    expect(readSchedule(null)).toBeNull();
    expect(readSchedule('{oops')).toBeNull();
    expect(readSchedule('{"scheduleType":"FixedDate","status":"SCHEDULED"}')).toEqual({ scheduleType: 'FixedDate', status: 'SCHEDULED' });
  });

  it('changes only the status of a stored schedule', () => {
    const text = JSON.stringify({ scheduleType: 'AfterProject', sourceProjectIds: [1], durationType: 'Once', status: 'SCHEDULED', extra: 3 });
    expect(JSON.parse(withScheduleStatus(text, 'RUNNING'))).toEqual({ scheduleType: 'AfterProject', sourceProjectIds: [1], durationType: 'Once', status: 'RUNNING', extra: 3 });
  });

  it('FixedDate: the UTC instant of its start date; AfterProject: none', () => {
    expect(fixedStart({ scheduleType: 'FixedDate', startDate: '24/12/2030 18:30' })).toBe(Date.UTC(2030, 11, 24, 18, 30));
    expect(fixedStart({ scheduleType: 'FixedDate', startDate: '31/02/2030 18:30' })).toBeNull();
    expect(fixedStart({ scheduleType: 'AfterProject', sourceProjectIds: [1] })).toBeNull();
    expect(armedColumns({ scheduleType: 'FixedDate', startDate: '24/12/2030 18:30' }, 42)).toEqual({ next_run_at: Date.UTC(2030, 11, 24, 18, 30), schedule_armed_at: 42 });
    expect(armedColumns({ scheduleType: 'AfterProject', sourceProjectIds: [1] }, 42)).toEqual({ next_run_at: null, schedule_armed_at: 42 });
    expect(armedColumns(null, 42)).toEqual({ next_run_at: null, schedule_armed_at: null });
  });

  it('parents: the named ones; an indexer names one, and 0 stands for every other non-indexer project', () => {
    expect(parentIds({ scheduleType: 'AfterProject', sourceProjectIds: [1, 2, 2, 9] }, 9, 'Wiki', campaign)).toEqual([1, 2]);
    expect(parentIds({ scheduleType: 'AfterProject', sourceProjectId: 2 }, 4, 'Indexer', campaign)).toEqual([2]);
    expect(parentIds({ scheduleType: 'AfterProject', sourceProjectId: 0 }, 4, 'Indexer', campaign)).toEqual([1, 2, 5]);
    expect(parentIds({ scheduleType: 'FixedDate', sourceProjectIds: [1] }, 9, 'Wiki', campaign)).toEqual([]);
  });

  it('due when every parent is COMPLETED and one completed since the schedule was armed', () => {
    expect(parentsDone([1, 2], campaign, 4_000)).toBe(true);
    expect(parentsDone([1, 2], campaign, 5_000)).toBe(true);
    expect(parentsDone([1, 2], campaign, 5_001)).toBe(false);
    expect(parentsDone([1], campaign, 2_000)).toBe(false);
    expect(parentsDone([1, 5], campaign, 0)).toBe(false);
    expect(parentsDone([1, 3], campaign, 0)).toBe(false);
    expect(parentsDone([1, 99], campaign, 0)).toBe(false);
    expect(parentsDone([], campaign, 0)).toBe(false);
  });
});
