import { z } from 'zod';
import { formatLocalDate } from '../domain/schedule-dates';
import type { ProjectSchedule } from './projects';

/**
 * What happens next (issue 35 item 2): a project's run as the engine planned it — the next planned
 * post, posts done and planned today and in all, when the last planned post starts — what it waits
 * for, and the same per site. GET /rest/project/{id}/outlook and GET /rest/campaign/{id}/outlook
 * (every project of the campaign, without sites) answer it; `dayStart`/`dayEnd` (epoch ms) are the
 * reader's local day, which the server cannot know.
 */
const count = z.number().int().nonnegative();
const instant = z.number().nullable();
const msText = z.string().regex(/^\d{1,15}$/).transform(Number);

export const RunOutlookQuerySchema = z.object({ dayStart: msText.optional(), dayEnd: msText.optional() });
export type RunOutlookQuery = z.infer<typeof RunOutlookQuerySchema>;

export const SiteOutlookSchema = z.object({
  siteKey: z.string(),
  planned: count,
  done: count,
  failed: count,
  /** When its next post starts (epoch ms; now or past: due now); null when none is left. */
  nextPostAt: instant,
});
export type SiteOutlook = z.infer<typeof SiteOutlookSchema>;

export const RunOutlookSchema = z.object({
  projectId: z.number().int(),
  status: z.string(),
  /** A SCHEDULED project's FixedDate start (epoch ms). */
  startsAt: instant,
  /** The newest run (under way or the last one); null when the project never ran. */
  run: z.object({
    state: z.string(),
    planned: count,
    done: count,
    failed: count,
    todayPlanned: count,
    todayDone: count,
    nextPostAt: instant,
    /** When the last planned post starts: the run is done soon after. */
    etaAt: instant,
    /** Its posts wait for a live proxy (Use proxy for posting on, none alive). */
    heldForProxy: z.boolean(),
  }).nullable(),
  sites: z.array(SiteOutlookSchema),
  /** Verifying mail (account creation): accounts whose confirmation mail has not come yet, and when the next pass looks. */
  waitsForMail: z.object({ accounts: count, nextLookAt: z.number() }).nullable().default(null),
});
export type RunOutlook = z.infer<typeof RunOutlookSchema>;

export const CampaignOutlookSchema = z.object({ projects: z.array(RunOutlookSchema) });
export type CampaignOutlook = z.infer<typeof CampaignOutlookSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant in local time, short: `14:05` today, `29/11 14:05` another day of this year, else the full date. */
export function shortLocalTime(at: number, now: number): string {
  const date = new Date(at);
  const today = new Date(now);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (date.toDateString() === today.toDateString()) return time;
  if (date.getFullYear() === today.getFullYear()) return `${pad(date.getDate())}/${pad(date.getMonth() + 1)} ${time}`;
  return formatLocalDate(date);
}

/** The reader's local day, [start, end) in epoch ms (the outlook's "today"). */
export function localDay(now: number): { dayStart: number; dayEnd: number } {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return { dayStart: start.getTime(), dayEnd: end.getTime() };
}

/** Posts due within this much of now read as "now". */
const DUE_NOW_MS = 1000;

/**
 * The outlook in words, in local time: what it waits for (its date, its parents — `waitingFor`,
 * named by the screen — a live proxy, confirmation mail), the next post, posts done today and in all, and when the
 * last one is due. Empty when there is nothing to say (never ran, nothing scheduled).
 */
export function describeRunOutlook(outlook: Pick<RunOutlook, 'status' | 'startsAt' | 'run'> & Partial<Pick<RunOutlook, 'waitsForMail'>>, now: number, waitingFor: string | null = null): string[] {
  const parts: string[] = [];
  const mail = outlook.waitsForMail;
  if (outlook.status === 'VERIFYING' && mail) {
    const when = mail.nextLookAt <= now + DUE_NOW_MS ? 'looks again now' : `next look ${shortLocalTime(mail.nextLookAt, now)}`;
    parts.push(`waits for the confirmation mail of ${mail.accounts} ${mail.accounts === 1 ? 'account' : 'accounts'}: ${when}`);
  }
  if (outlook.status === 'SCHEDULED') {
    if (outlook.startsAt !== null) parts.push(outlook.startsAt <= now + DUE_NOW_MS ? 'starts now' : `waits for its date: ${shortLocalTime(outlook.startsAt, now)}`);
    else if (waitingFor !== null) parts.push(`waits for ${waitingFor}`);
  }
  const run = outlook.run;
  if (run === null) return parts;
  const open = run.state === 'running' || run.state === 'stopping';
  if (open && run.heldForProxy) parts.push('waits for a live proxy');
  if (open && run.nextPostAt !== null) parts.push(run.nextPostAt <= now + DUE_NOW_MS ? 'next post now' : `next post ${shortLocalTime(run.nextPostAt, now)}`);
  if (open && (run.todayPlanned > 0 || run.todayDone > 0)) parts.push(`${run.todayDone} of ${run.todayPlanned} today`);
  if (run.planned > 0) parts.push(`${run.done} of ${run.planned} ${run.planned === 1 ? 'post' : 'posts'}${open ? '' : ' in the last run'}${run.failed > 0 ? `, ${run.failed} failed` : ''}`);
  if (open && run.etaAt !== null && run.etaAt > now + DUE_NOW_MS) parts.push(`last post ${shortLocalTime(run.etaAt, now)}`);
  return parts;
}

/**
 * The parents an AfterProject schedule waits for, named for the screens (issue 35): "#12 'Tier 1
 * blog' (RUNNING)", joined with commas and "and"; null when the project waits for no parent (a date,
 * or no schedule). An indexer's parent 0 stands for every other project.
 */
export function waitingParentsText(
  schedule: ProjectSchedule | null | undefined, projectId: number, projects: readonly { id: number; name: string; status: string }[],
): string | null {
  if (schedule?.scheduleType !== 'AfterProject') return null;
  if (schedule.sourceProjectId === 0) return 'every other project of the campaign';
  const ids = [...new Set([...(schedule.sourceProjectIds ?? []), ...(schedule.sourceProjectId ? [schedule.sourceProjectId] : [])])].filter((id) => id !== projectId);
  if (ids.length === 0) return null;
  const names = ids.map((id) => {
    const parent = projects.find((candidate) => candidate.id === id);
    return parent ? `#${id} '${parent.name}' (${parent.status})` : `#${id}`;
  });
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
