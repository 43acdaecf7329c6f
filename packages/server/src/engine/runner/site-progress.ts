import type { ProjectKind, SiteStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { reusableQuery } from '../../platform/db/dialect';
import { sitePostCounts } from './runs.repository';

/** What a site row of a project of this kind counts. */
export function progressNounOf(kind: ProjectKind): string {
  return kind === 'indexerproject' ? 'submissions' : kind === 'acproject' ? 'accounts' : 'posts';
}

export interface SiteProgress {
  key: string;
  status: SiteStatus;
  waitInfo: string | null;
}

/** A site row's status and note from its posts in the run: RUNNING while any is open, then FAILED or SUCCESS. */
export function siteProgress(key: string, counts: Readonly<Record<string, number>>, noun = 'posts'): SiteProgress {
  const n = (state: string) => counts[state] ?? 0;
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const open = n('planned') + n('publishing');
  const done = n('published');
  const failed = n('failed');
  const note = `${done} of ${total} ${noun}${failed > 0 ? `, ${failed} failed` : ''}`;
  if (open > 0) return { key, status: 'RUNNING', waitInfo: note };
  if (failed > 0) return { key, status: 'FAILED', waitInfo: note };
  if (done > 0) return { key, status: 'SUCCESS', waitInfo: note };
  return { key, status: 'NONE', waitInfo: total > 0 ? `${note} (stopped)` : null };
}

const writeSiteRow = reusableQuery((db, status: SiteStatus, waitInfo: string | null, updatedAt: number, ownerId: number, projectId: number, siteKey: string) =>
  db.updateTable('project_sites').set({ status, wait_info: waitInfo, updated_at: updatedAt })
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('site_key', '=', siteKey));

/** Writes site rows of a project and tells its screen (`siteStatusChanged` on project/{id}). */
export async function writeSiteProgress(ctx: AppContext, ownerId: number, projectId: number, sites: readonly SiteProgress[]): Promise<void> {
  if (sites.length === 0) return;
  const now = Date.now();
  for (const site of sites) await writeSiteRow(ctx.database.db, site.status, site.waitInfo, now, ownerId, projectId, site.key);
  ctx.live?.publish(ownerId, `project/${projectId}`, 'siteStatusChanged', { projectId, sites: sites.map(({ key, status, waitInfo }) => ({ key, status, waitInfo })) });
}

/** Recomputes one site row from its posts in the run, writes it and tells the screen. */
export async function refreshSite(ctx: AppContext, ownerId: number, projectId: number, runId: number, siteKey: string, noun = 'posts'): Promise<SiteProgress> {
  const progress = siteProgress(siteKey, await sitePostCounts(ctx.database.db, runId, siteKey), noun);
  await writeSiteProgress(ctx, ownerId, projectId, [progress]);
  return progress;
}

/** Recomputes every site row of a run (one live message): when a run ends, cancelled posts included. */
export async function refreshRunSites(ctx: AppContext, ownerId: number, projectId: number, runId: number, noun = 'posts'): Promise<void> {
  const rows = await ctx.database.db.selectFrom('engine_posts').select(['site_key', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('run_id', '=', runId).groupBy(['site_key', 'state']).execute();
  const bySite = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const counts = bySite.get(row.site_key) ?? {};
    counts[row.state] = Number(row.n);
    bySite.set(row.site_key, counts);
  }
  await writeSiteProgress(ctx, ownerId, projectId, [...bySite].map(([key, counts]) => siteProgress(key, counts, noun)));
}
