import dayjs, { type Dayjs } from 'dayjs';
import {
  ScheduleWireSchema, draftFromWire, parseWireDate, utcParts, validateSchedule,
  type DurationType, type ProjectKind, type ProjectSchedule, type ScheduleDraft, type ScheduleType,
} from '@linkloom/shared';

/**
 * What the schedule dialog's form holds. The date and time pickers hold LOCAL time (spec 1 §3,
 * SCOPE.md); the draft and the wire hold UTC.
 */
export interface ScheduleFormValues {
  scheduleType?: ScheduleType | null;
  startDate?: Dayjs | null;
  startTime?: Dayjs | null;
  sourceProjectIds?: number[] | null;
  sourceProjectId?: number | null;
  durationType?: DurationType | null;
  nDay?: number | null;
  numberOfPosts?: number | null;
}

/** The form field that shows each draft field's problem. */
export const FORM_FIELD_OF: Record<keyof ScheduleDraft, keyof ScheduleFormValues> = {
  scheduleType: 'scheduleType',
  startDay: 'startDate',
  startTime: 'startTime',
  sourceProjectIds: 'sourceProjectIds',
  sourceProjectId: 'sourceProjectId',
  durationType: 'durationType',
  nDay: 'nDay',
  numberOfPosts: 'numberOfPosts',
};

const number = (value: number | null | undefined): number | null => (typeof value === 'number' ? value : null);

/**
 * The draft the form's values describe: the picked local day and time become one instant, split
 * into the UTC day and time the wire carries. A day without a time (or the reverse) keeps the
 * missing part empty so the rules name it.
 */
export function draftFromValues(values: ScheduleFormValues): ScheduleDraft {
  const { startDate, startTime } = values;
  let startDay: string | null = null;
  let startUtcTime: string | null = null;
  if (startDate && startTime) {
    const local = new Date(startDate.year(), startDate.month(), startDate.date(), startTime.hour(), startTime.minute());
    ({ startDay, startTime: startUtcTime } = utcParts(local));
  } else {
    // Only presence matters to the rules here; the placeholders never reach the wire.
    startDay = startDate ? 'day' : null;
    startUtcTime = startTime ? 'time' : null;
  }
  return {
    scheduleType: values.scheduleType ?? null,
    startDay,
    startTime: startUtcTime,
    sourceProjectIds: values.sourceProjectIds ?? [],
    sourceProjectId: number(values.sourceProjectId),
    durationType: values.durationType ?? null,
    nDay: number(values.nDay),
    numberOfPosts: number(values.numberOfPosts),
  };
}

/**
 * The form's starting values for a project's stored schedule (none: an empty form; private
 * projects start at 0 posts, which means unlimited). The UTC start becomes local picker values.
 */
export function valuesFromSchedule(schedule: ProjectSchedule | null | undefined, kind: ProjectKind): ScheduleFormValues {
  const parsed = schedule ? ScheduleWireSchema.safeParse(schedule) : null;
  const draft = parsed?.success ? draftFromWire(parsed.data) : null;
  const start = draft?.startDay && draft.startTime ? parseWireDate(`${draft.startDay} ${draft.startTime}`) : null;
  const local = start ? dayjs(start) : null;
  return {
    scheduleType: draft?.scheduleType ?? null,
    startDate: local,
    startTime: local,
    sourceProjectIds: draft?.sourceProjectIds ?? [],
    // 0 means "several" (spec 1 §3): no single parent to show.
    sourceProjectId: draft?.sourceProjectId ? draft.sourceProjectId : null,
    durationType: draft?.durationType ?? null,
    nDay: draft?.nDay ?? null,
    numberOfPosts: kind === 'privateproject' ? draft?.numberOfPosts ?? 0 : null,
  };
}

/** The first problem the schedule rules find with one form field, or null. */
export function scheduleFieldProblem(
  values: ScheduleFormValues,
  field: keyof ScheduleFormValues,
  project: { id: number; kind: ProjectKind },
): string | null {
  const problem = validateSchedule(draftFromValues(values), project).find((candidate) => FORM_FIELD_OF[candidate.field] === field);
  return problem?.message ?? null;
}
