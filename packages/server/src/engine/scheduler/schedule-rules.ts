import { ProjectScheduleSchema, parseWireDate, projectKind, type ProjectSchedule } from '@linkloom/shared';
import type { ParentState } from './scheduled-projects.repository';

/**
 * The schedule's own status as the screens show it (schedule.status in the JSON): SCHEDULED while
 * it waits, RUNNING once it started the project, DONE when that run ended. Reset sets SCHEDULED.
 */
export type ScheduleStatus = 'SCHEDULED' | 'RUNNING' | 'DONE';

/** A stored schedule (JSON text), or null when there is none or it cannot be read. */
export function readSchedule(text: string | null): ProjectSchedule | null {
  if (text === null) return null;
  try {
    const parsed = ProjectScheduleSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored schedule text with another status, every other field kept as it was. */
export function withScheduleStatus(text: string, status: ScheduleStatus): string {
  return JSON.stringify({ ...(JSON.parse(text) as object), status });
}

/** The instant a FixedDate schedule starts the project (UTC ms); null for AfterProject or a bad date. */
export function fixedStart(schedule: ProjectSchedule | null): number | null {
  if (schedule?.scheduleType !== 'FixedDate') return null;
  return parseWireDate(schedule.startDate ?? '')?.getTime() ?? null;
}

/** What arming a schedule writes on the project: its start instant (FixedDate) and when it was armed; none without a schedule. */
export function armedColumns(schedule: ProjectSchedule | null, now: number): { next_run_at: number | null; schedule_armed_at: number | null } {
  if (schedule === null) return { next_run_at: null, schedule_armed_at: null };
  return { next_run_at: fixedStart(schedule), schedule_armed_at: now };
}

/**
 * The parents an AfterProject schedule waits for, among the campaign's projects. Content projects
 * name them (sourceProjectIds); indexer projects name one (sourceProjectId), and 0 ("several",
 * spec 1 §3) stands for every other project of the campaign that is not an indexer.
 */
export function parentIds(schedule: ProjectSchedule, projectId: number, module: string, campaign: readonly ParentState[]): number[] {
  if (schedule.scheduleType !== 'AfterProject') return [];
  const named = projectKind(module) === 'indexerproject' && schedule.sourceProjectId !== undefined
    ? (schedule.sourceProjectId === 0
        ? campaign.filter((project) => project.id !== projectId && projectKind(project.module) !== 'indexerproject').map((project) => project.id)
        : [schedule.sourceProjectId])
    : [...(schedule.sourceProjectIds ?? []), ...(schedule.sourceProjectId ? [schedule.sourceProjectId] : [])];
  return [...new Set(named)].filter((id) => id !== projectId);
}

/**
 * An AfterProject child is due when every parent is COMPLETED and at least one of them completed
 * a run since the schedule was armed (so saving a schedule after long-finished parents waits for
 * their next completion instead of starting at once). A parent that no longer exists never completes.
 */
export function parentsDone(parents: readonly number[], campaign: readonly ParentState[], armedAt: number): boolean {
  if (parents.length === 0) return false;
  const states = parents.map((id) => campaign.find((project) => project.id === id));
  if (states.some((state) => state === undefined || state.status !== 'COMPLETED')) return false;
  return states.some((state) => state!.finishedAt !== null && state!.finishedAt >= armedAt);
}
