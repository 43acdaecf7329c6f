import type { Kysely } from 'kysely';
import type { RunOutlook, SiteOutlook } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import { PROXY_WAIT_MESSAGES } from './engine-options';

const OPEN = new Set(['planned', 'publishing']);
const num = (value: number | string | null) => (value === null ? null : Number(value));

/** When a post starts: its plan's instant, or its retry's (or hold's) wait when that is later; null for "at once". */
function dueOf(post: { start_after: number | null; not_before: number | null }): number | null {
  if (post.start_after === null && post.not_before === null) return null;
  return Math.max(post.start_after ?? 0, post.not_before ?? 0);
}

/**
 * What happens next for some of the user's projects (issue 35 item 2), read only: each project's
 * status and FixedDate start, and its newest run as the engine planned it in engine_posts — posts
 * planned, published and failed (in all, and planned / published within [dayStart, dayEnd)), the
 * next open post's start (a post due already counts as `now`), the last one's, whether it waits for
 * a live proxy (the run's warning line) — and, with `withSites`, the same per site.
 */
export async function readRunOutlooks(
  db: Kysely<DB>, ownerId: number, projectIds: readonly number[], options: { dayStart: number; dayEnd: number; now: number; withSites: boolean },
): Promise<RunOutlook[]> {
  if (projectIds.length === 0) return [];
  const projects = await db.selectFrom('projects').select(['id', 'status', 'next_run_at', 'mail_wait_until', 'mail_waiting'])
    .where('owner_id', '=', ownerId).where('id', 'in', [...projectIds]).orderBy('id').execute();
  if (projects.length === 0) return [];
  const runs = await db.selectFrom('project_runs').select(['id', 'project_id', 'state', 'last_error'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', (qb) => qb.selectFrom('project_runs').select((eb) => eb.fn.max('id').as('id'))
      .where('owner_id', '=', ownerId).where('project_id', 'in', projects.map((p) => p.id)).groupBy('project_id'))
    .execute();
  const posts = runs.length === 0 ? [] : await db.selectFrom('engine_posts')
    .select(['run_id', 'site_key', 'state', 'start_after', 'not_before', 'created_at', 'updated_at'])
    .where('owner_id', '=', ownerId).where('run_id', 'in', runs.map((run) => run.id)).execute();
  const { dayStart, dayEnd, now } = options;
  const today = (at: number) => at >= dayStart && at < dayEnd;

  return projects.map((project): RunOutlook => {
    const run = runs.find((candidate) => candidate.project_id === project.id);
    const startsAt = project.status === 'SCHEDULED' ? num(project.next_run_at) : null;
    const waitsForMail = project.status === 'VERIFYING' && project.mail_wait_until !== null && project.mail_waiting > 0
      ? { accounts: project.mail_waiting, nextLookAt: Number(project.mail_wait_until) } : null;
    if (!run) return { projectId: project.id, status: project.status, startsAt, run: null, sites: [], waitsForMail };
    const own = posts.filter((post) => post.run_id === run.id && post.state !== 'cancelled')
      .map((post) => ({ ...post, start_after: num(post.start_after), not_before: num(post.not_before), created_at: Number(post.created_at), updated_at: Number(post.updated_at) }));
    const open = own.filter((post) => OPEN.has(post.state));
    const dues = open.map((post) => Math.max(dueOf(post) ?? now, post.state === 'publishing' ? now : 0));
    const sites = new Map<string, SiteOutlook>();
    if (options.withSites) {
      for (const post of own) {
        const site = sites.get(post.site_key) ?? { siteKey: post.site_key, planned: 0, done: 0, failed: 0, nextPostAt: null };
        site.planned += 1;
        if (post.state === 'published') site.done += 1;
        if (post.state === 'failed') site.failed += 1;
        if (OPEN.has(post.state)) site.nextPostAt = Math.min(site.nextPostAt ?? Number.POSITIVE_INFINITY, dueOf(post) ?? now);
        sites.set(post.site_key, site);
      }
    }
    return {
      projectId: project.id, status: project.status, startsAt,
      run: {
        state: run.state,
        planned: own.length,
        done: own.filter((post) => post.state === 'published').length,
        failed: own.filter((post) => post.state === 'failed').length,
        todayPlanned: own.filter((post) => today(post.start_after ?? post.created_at)).length,
        todayDone: own.filter((post) => post.state === 'published' && today(post.updated_at)).length,
        nextPostAt: dues.length === 0 ? null : Math.min(...dues),
        etaAt: dues.length === 0 ? null : Math.max(...dues),
        heldForProxy: open.length > 0 && (run.last_error ?? '').includes(PROXY_WAIT_MESSAGES.posting),
      },
      sites: [...sites.values()],
      waitsForMail,
    };
  });
}
