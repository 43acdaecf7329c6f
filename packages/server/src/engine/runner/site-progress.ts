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

/** The run states whose site rows still move (endRun's final refresh writes after them). */
const OPEN_RUN_STATES = ['running', 'stopping'] as const;

const writeSiteRow = reusableQuery((db, status: SiteStatus, waitInfo: string | null, updatedAt: number, ownerId: number, projectId: number, siteKey: string) =>
  db.updateTable('project_sites').set({ status, wait_info: waitInfo, updated_at: updatedAt })
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('site_key', '=', siteKey));

/** The same write, made only while the run is still open: a reading taken before the run ended never lands after its final one. */
const writeSiteRowWhileOpen = reusableQuery((db, status: SiteStatus, waitInfo: string | null, updatedAt: number, ownerId: number, projectId: number, siteKey: string, runId: number) =>
  db.updateTable('project_sites').set({ status, wait_info: waitInfo, updated_at: updatedAt })
    .where('owner_id', '=', ownerId).where('project_id', '=', projectId).where('site_key', '=', siteKey)
    .where((eb) => eb.exists(eb.selectFrom('project_runs').select('id').where('id', '=', runId).where('state', 'in', OPEN_RUN_STATES))));

/**
 * Writes site rows of a project and tells its screen (`siteStatusChanged` on project/{id}). With
 * `openRunId`, the rows are written (and told) only while that run is open: a run's posts read
 * their site's counts before they write them, and a Stop may end the run and write the final rows
 * in between; the ending run's own refresh (refreshRunSites) passes none.
 */
export async function writeSiteProgress(ctx: AppContext, ownerId: number, projectId: number, sites: readonly SiteProgress[], openRunId?: number): Promise<void> {
  if (sites.length === 0) return;
  const now = Date.now();
  const written: SiteProgress[] = [];
  for (const site of sites) {
    const result = openRunId === undefined
      ? await writeSiteRow(ctx.database.db, site.status, site.waitInfo, now, ownerId, projectId, site.key)
      : await writeSiteRowWhileOpen(ctx.database.db, site.status, site.waitInfo, now, ownerId, projectId, site.key, openRunId);
    if (openRunId === undefined || Number(result.numAffectedRows ?? 0n) > 0) written.push(site);
  }
  if (written.length === 0) return;
  ctx.live?.publish(ownerId, `project/${projectId}`, 'siteStatusChanged', { projectId, sites: written.map(({ key, status, waitInfo }) => ({ key, status, waitInfo })) });
}

/** Recomputes one site row from its posts in the run, writes it and tells the screen (while the run is open). */
export async function refreshSite(ctx: AppContext, ownerId: number, projectId: number, runId: number, siteKey: string, noun = 'posts'): Promise<SiteProgress> {
  const progress = siteProgress(siteKey, await sitePostCounts(ctx.database.db, runId, siteKey), noun);
  await writeSiteProgress(ctx, ownerId, projectId, [progress], runId);
  return progress;
}

/** Recomputes every site row of a run (one live message): when a run has ended, cancelled posts included. */
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
