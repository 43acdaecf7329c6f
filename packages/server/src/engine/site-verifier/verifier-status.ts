import type { Kysely } from 'kysely';
import type { SiteVerifierStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { beginVerifierRun, stopVerifierRun, type VerifierState } from '../seams';
import { JOB } from '../jobs/job-names';
import { engineOptions, fetchingProxies, PROXY_WAIT_MESSAGES } from '../runner/engine-options';

/**
 * Tells the custom sites screen the verifier's state and progress (after the write), and why a
 * run that is CHECKING probes nothing now (`waitInfo`, null while it probes).
 */
export function publishVerifierStatus(ctx: AppContext, ownerId: number, state: VerifierState, waitInfo: string | null = null): void {
  ctx.live?.publish(ownerId, 'site_verifier', 'verifierStatusChanged', { status: state.status, checked: state.checked, total: state.total, waitInfo });
}

/**
 * Why the user's verifier run probes nothing now, as the screen shows it: Use Proxy is on and none
 * of the user's proxies passed its last check (the run is held, site.verify), else null.
 */
export async function verifierWaitInfo(db: Kysely<DB>, ownerId: number, status: SiteVerifierStatus): Promise<string | null> {
  if (status !== 'CHECKING') return null;
  const route = await fetchingProxies(db, ownerId, await engineOptions(db, ownerId));
  return route.kind === 'noLiveProxy' ? PROXY_WAIT_MESSAGES.fetching : null;
}

/**
 * Start (POST /action/start/site_verifier): NEW / DONE / STOPPED → CHECKING with every custom site
 * of the user to probe, and one `site.verify` job for the run. Pressing it while a run is CHECKING
 * changes nothing. With no site the job ends the run at once (DONE, 0 of 0).
 */
export async function startSiteVerifier(ctx: AppContext, ownerId: number): Promise<SiteVerifierStatus> {
  const since = Date.now();
  const { started, state } = await beginVerifierRun(ctx.database.db, ownerId, since);
  if (!started) return state.status;
  publishVerifierStatus(ctx, ownerId, state);
  await ctx.queue.send(JOB.siteVerify, { ownerId, since, chunk: 0 }, { singletonKey: `site-verify-${ownerId}-${since}-0` });
  return state.status;
}

/**
 * Stop (POST /action/stop/site_verifier): CHECKING → STOPPED. The job takes no further site; the
 * probes in flight finish and store their results. Any other state answers as it is.
 */
export async function stopSiteVerifier(ctx: AppContext, ownerId: number): Promise<SiteVerifierStatus> {
  const { stopped, state } = await stopVerifierRun(ctx.database.db, ownerId);
  if (stopped) publishVerifierStatus(ctx, ownerId, state);
  return state.status;
}
