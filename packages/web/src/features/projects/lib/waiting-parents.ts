import type { ProjectSchedule, ProjectSibling } from '@linkloom/shared';

/**
 * The parents an AfterProject schedule waits for, named for the Run now confirmation (issue 35):
 * "#12 'Tier 1 blog' (RUNNING)", joined with commas and "and"; null when the project waits for no
 * parent (a FixedDate or no schedule). An indexer's parent 0 stands for every other project.
 */
export function waitingParentsText(schedule: ProjectSchedule | null | undefined, projectId: number, siblings: readonly ProjectSibling[]): string | null {
  if (schedule?.scheduleType !== 'AfterProject') return null;
  if (schedule.sourceProjectId === 0) return 'every other project of the campaign';
  const ids = [...new Set([...(schedule.sourceProjectIds ?? []), ...(schedule.sourceProjectId ? [schedule.sourceProjectId] : [])])].filter((id) => id !== projectId);
  if (ids.length === 0) return null;
  const names = ids.map((id) => {
    const sibling = siblings.find((candidate) => candidate.id === id);
    return sibling ? `#${id} '${sibling.name}' (${sibling.status})` : `#${id}`;
  });
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
