import { z } from 'zod';
import { DURATION_TYPES, SCHEDULE_TYPES, optionValues, type DurationType, type ScheduleType } from '../constants/project-options';
import { formatWireDate, parseWireDate } from '../domain/schedule-dates';
import type { ProjectKind } from './project-screen';

/** The schedule dialog's messages (spec 1 §5) and the server's refusals around schedules. */
export const SCHEDULE_MESSAGES = {
  typeRequired: 'You need to select a schedule option',
  startDateRequired: 'Please select start date',
  startTimeRequired: 'Please select start time',
  parentRequired: 'Please select a parent project',
  parentIsSelf: 'Parent project must be different to the current project',
  durationRequired: 'Please select a duration',
  nDayRequired: 'Please choose a number of days to run',
  nDayPositive: 'Number of days must be greater than 0',
  // SCOPE.md: 0 is allowed and means unlimited; the message is the spec's.
  numberOfPostsRange: 'Number of posts must be equal or greater than 0',
  parentNotInCampaign: 'The parent project must be a project of the same campaign',
  notWhileRunning: (status: string) => `The project cannot be scheduled while it is ${status}: try again once it has stopped`,
  resetWhileRunning: (status: string) => `The schedule cannot be reset while the project is ${status}: edit it instead (the run's next posts take the change), or reset it once the run has ended`,
  /** What an edit does to a running project (issue 35): the dialog says it first, the toast after saving. */
  whileRunning: 'The next posts of this run follow the change; a new date or parent applies to the next start',
  savedWhileRunning: 'Schedule saved: the next posts of this run follow it; a new date or parent applies to the next start',
  noSchedule: 'The project has no schedule',
  // Shown by the screens when the dialog cannot open yet (spec 1 §4).
  fixFormFirst: 'Please fix the problems below before continue',
} as const;

/** What the schedule dialog holds; the start day and time are the UTC parts of the wire date. */
export interface ScheduleDraft {
  scheduleType: ScheduleType | null;
  /** DD/MM/YYYY (UTC) */
  startDay: string | null;
  /** HH:mm (UTC) */
  startTime: string | null;
  sourceProjectIds: number[];
  sourceProjectId: number | null;
  durationType: DurationType | null;
  nDay: number | null;
  numberOfPosts: number | null;
}

export interface ScheduleProblem {
  field: keyof ScheduleDraft;
  message: string;
}

/**
 * The schedule rules (spec 1 §5) for one project: content projects pick one or several parents,
 * indexer projects one; private projects say how many posts (0 = unlimited).
 */
export function validateSchedule(draft: ScheduleDraft, project: { id: number; kind: ProjectKind }): ScheduleProblem[] {
  const p: ScheduleProblem[] = [];
  if (draft.scheduleType === null) p.push({ field: 'scheduleType', message: SCHEDULE_MESSAGES.typeRequired });
  if (draft.scheduleType === 'FixedDate') {
    if (!draft.startDay) p.push({ field: 'startDay', message: SCHEDULE_MESSAGES.startDateRequired });
    if (!draft.startTime) p.push({ field: 'startTime', message: SCHEDULE_MESSAGES.startTimeRequired });
    if (draft.startDay && draft.startTime && parseWireDate(`${draft.startDay} ${draft.startTime}`) === null) {
      p.push({ field: 'startDay', message: SCHEDULE_MESSAGES.startDateRequired });
    }
  }
  if (draft.scheduleType === 'AfterProject') {
    if (project.kind === 'indexerproject') {
      if (draft.sourceProjectId === null) p.push({ field: 'sourceProjectId', message: SCHEDULE_MESSAGES.parentRequired });
      else if (draft.sourceProjectId === project.id) p.push({ field: 'sourceProjectId', message: SCHEDULE_MESSAGES.parentIsSelf });
    } else if (draft.sourceProjectIds.length === 0) p.push({ field: 'sourceProjectIds', message: SCHEDULE_MESSAGES.parentRequired });
    else if (draft.sourceProjectIds.includes(project.id)) p.push({ field: 'sourceProjectIds', message: SCHEDULE_MESSAGES.parentIsSelf });
  }
  if (draft.durationType === null) p.push({ field: 'durationType', message: SCHEDULE_MESSAGES.durationRequired });
  if (draft.durationType === 'Spread') {
    if (draft.nDay === null || Number.isNaN(draft.nDay)) p.push({ field: 'nDay', message: SCHEDULE_MESSAGES.nDayRequired });
    else if (!Number.isInteger(draft.nDay) || draft.nDay < 1) p.push({ field: 'nDay', message: SCHEDULE_MESSAGES.nDayPositive });
  }
  if (project.kind === 'privateproject') {
    if (draft.numberOfPosts === null || !Number.isInteger(draft.numberOfPosts) || draft.numberOfPosts < 0) {
      p.push({ field: 'numberOfPosts', message: SCHEDULE_MESSAGES.numberOfPostsRange });
    }
  }
  return p;
}

const maybeId = z.number().int().positive();

/** The schedule as POST /rest/schedule/{projectId} carries it and projects store it (spec 1 §3). */
export const ScheduleWireSchema = z.object({
  scheduleType: z.enum(optionValues(SCHEDULE_TYPES)).nullable().default(null),
  /** DD/MM/YYYY HH:mm in UTC (FixedDate). */
  startDate: z.string().max(32).optional(),
  sourceProjectIds: z.array(maybeId).max(1000).optional(),
  /** Indexer projects: the single parent (the value 0 means several, spec 1 §3). */
  sourceProjectId: z.number().int().nonnegative().optional(),
  durationType: z.enum(optionValues(DURATION_TYPES)).nullable().default(null),
  nDay: z.number().nullable().optional(),
  numberOfPosts: z.number().nullable().optional(),
});
export type ScheduleWire = z.infer<typeof ScheduleWireSchema>;

/** POST /rest/schedule/{projectId}: the dialog saves a schedule with status SCHEDULED (spec 1 §4). */
export const ScheduleSaveSchema = z.object({
  status: z.literal('SCHEDULED').default('SCHEDULED'),
  schedule: ScheduleWireSchema,
});
export type ScheduleSave = z.infer<typeof ScheduleSaveSchema>;

/** The draft a wire schedule describes (the server validates through the same rules). */
export function draftFromWire(schedule: ScheduleWire): ScheduleDraft {
  const [day, time] = (schedule.startDate ?? '').trim().split(/\s+/);
  return {
    scheduleType: schedule.scheduleType,
    startDay: day || null,
    startTime: time || null,
    sourceProjectIds: schedule.sourceProjectIds ?? [],
    sourceProjectId: schedule.sourceProjectId ?? null,
    durationType: schedule.durationType,
    nDay: schedule.nDay ?? null,
    numberOfPosts: schedule.numberOfPosts ?? null,
  };
}

/** The wire schedule of a valid draft, keeping only the fields its type and duration use. */
export function wireFromDraft(draft: ScheduleDraft, kind: ProjectKind): ScheduleWire {
  return {
    scheduleType: draft.scheduleType,
    ...(draft.scheduleType === 'FixedDate' ? { startDate: `${draft.startDay} ${draft.startTime}` } : {}),
    ...(draft.scheduleType === 'AfterProject'
      ? kind === 'indexerproject' ? { sourceProjectId: draft.sourceProjectId ?? 0 } : { sourceProjectIds: draft.sourceProjectIds }
      : {}),
    durationType: draft.durationType,
    ...(draft.durationType === 'Spread' ? { nDay: draft.nDay } : {}),
    ...(kind === 'privateproject' ? { numberOfPosts: draft.numberOfPosts } : {}),
  };
}

/** Splits a local date-time chosen in the dialog into the UTC day and time the wire carries. */
export function utcParts(local: Date): { startDay: string; startTime: string } {
  const [startDay, startTime] = formatWireDate(local).split(' ') as [string, string];
  return { startDay, startTime };
}
