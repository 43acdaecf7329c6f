import type { ProjectKind } from '../schemas/project-screen';

/**
 * How many posts a scheduled run makes and when each one starts (spec 1 §3 "Schedule"; SCOPE.md:
 * numberOfPosts 0 means unlimited). The engine's planner reads these; the scheduler starts the run.
 */
export const DAY_MS = 86_400_000;

/** The schedule fields these rules read (a stored schedule, or none for a plain Start). */
export interface RunShape {
  durationType?: string | null;
  nDay?: number | null;
  numberOfPosts?: number | null;
}

/** The days a run's posts are spread over: nDay for Spread (at least 1), 0 for Once or no schedule. */
export function spreadDays(schedule: RunShape | null | undefined): number {
  if (schedule?.durationType !== 'Spread') return 0;
  const nDay = Math.floor(Number(schedule.nDay ?? 1));
  return Number.isFinite(nDay) && nDay >= 1 ? nDay : 1;
}

/**
 * The start instants (epoch ms) of `count` posts of a run that starts at `startMs`: all at the
 * start when `nDay` ≤ 0 (Once); otherwise evenly over nDay days, post i at
 * `startMs + i · nDay·86 400 000 / count` (the first at the start, the last one interval before
 * the end). Whole milliseconds, never decreasing.
 */
export function spreadStartTimes(count: number, nDay: number, startMs: number): number[] {
  const n = Math.max(0, Math.floor(count));
  if (!(nDay > 0)) return Array.from({ length: n }, () => startMs);
  const interval = (nDay * DAY_MS) / n;
  return Array.from({ length: n }, (_, i) => startMs + Math.floor(i * interval));
}

/**
 * Posts per checked site in one run. Private blog projects make `numberOfPosts` posts on each
 * site; 0 (or none given) means unlimited, read as one post per site per day of a Spread run
 * (nDay posts per site) or a single round, one post per site, for Once or a plain Start. Every
 * other kind makes one post (or one submission) per site.
 */
export function postsPerSite(schedule: RunShape | null | undefined, kind: ProjectKind): number {
  if (kind !== 'privateproject') return 1;
  const wanted = Math.floor(Number(schedule?.numberOfPosts ?? 0));
  if (Number.isFinite(wanted) && wanted >= 1) return wanted;
  return Math.max(1, spreadDays(schedule));
}

/**
 * Whether a run's per-site count is a target the project's runs fill together (issue 35 item 4):
 * every kind but a private project whose Number of posts is 0 or not given (unlimited: each run
 * makes its round). Indexer submissions are never capped: they are not posts.
 */
export function postsAreCapped(schedule: RunShape | null | undefined, kind: ProjectKind): boolean {
  if (kind === 'indexerproject') return false;
  if (kind !== 'privateproject') return true;
  const wanted = Math.floor(Number(schedule?.numberOfPosts ?? 0));
  return Number.isFinite(wanted) && wanted >= 1;
}

/** Posts a re-run still makes on a site: its count less what earlier runs published there (never below 0); uncapped runs make the whole count. */
export function postsStillDue(perSite: number, alreadyDone: number, capped: boolean): number {
  return capped ? Math.max(0, perSite - Math.max(0, alreadyDone)) : perSite;
}
