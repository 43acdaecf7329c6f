import { PROXY_CHECK, PROXY_CHECK_MESSAGES, type ProxyMonitorState } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { ConflictError } from '../../platform/http/errors';
import { moveProxyMonitor, proxiesToCheck, proxyCheckAge, readProxyMonitor } from '../seams';
import { JOB } from '../jobs/job-names';
import type { ProxyCheckSettings } from './check-pool';

/** Tells the Proxy tab the monitor's new state (after the write). */
export function publishMonitor(ctx: AppContext, ownerId: number, proxyMonitorState: ProxyMonitorState): void {
  ctx.live?.publish(ownerId, 'proxies', 'proxyMonitorStateChanged', { proxyMonitorState });
}

/**
 * Check (GET /action/check/proxies): NEW → CHECKING and one `proxy.check` job for the user's
 * proxies. Pressing it while a check runs changes nothing; with no proxy there is nothing to check.
 */
export async function startProxyChecks(ctx: AppContext, ownerId: number): Promise<ProxyMonitorState> {
  const { db } = ctx.database;
  if ((await proxiesToCheck(db, ownerId)).length === 0) throw new ConflictError(PROXY_CHECK_MESSAGES.noProxies);
  return (await beginCheck(ctx, ownerId)) ? 'CHECKING' : readProxyMonitor(db, ownerId);
}

/** NEW → CHECKING (compare-and-set: one check per user at a time), the tab told, the `proxy.check` job sent. */
async function beginCheck(ctx: AppContext, ownerId: number): Promise<boolean> {
  if (!(await moveProxyMonitor(ctx.database.db, ownerId, ['NEW'], 'CHECKING'))) return false;
  publishMonitor(ctx, ownerId, 'CHECKING');
  await ctx.queue.send(JOB.proxyCheck, { ownerId }, { singletonKey: `proxy-check-${ownerId}`, retryLimit: 2, retryDelaySeconds: 5 });
  return true;
}

/**
 * Work held for a live proxy calls this: when the user has proxies and none was checked within
 * PROXY_CHECK.autoRecheckAfterMs, the same check as the Check button starts (unless one runs), so a
 * proxy that came back is found alive and the held work goes on without the user. With no proxy
 * nothing starts (the hold's line says to add some). True when a check was started. A failure to
 * start is only logged: the hold itself is already in place.
 */
export async function recheckProxiesForHeldWork(ctx: AppContext, ownerId: number): Promise<boolean> {
  try {
    const { count, lastCheckedAt } = await proxyCheckAge(ctx.database.db, ownerId);
    if (count === 0) return false;
    // checked_at is written in wall time (recordProxyCheck), so it is compared in wall time.
    if (lastCheckedAt !== null && Date.now() - lastCheckedAt < PROXY_CHECK.autoRecheckAfterMs) return false;
    return await beginCheck(ctx, ownerId);
  } catch (error) {
    process.stderr.write(`A proxy check for work held for a live proxy (user ${ownerId}) did not start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    return false;
  }
}

/** Stop checking (GET /action/stop_checking/proxies): CHECKING → STOPPING; the job ends soon after and sets NEW. */
export async function stopProxyChecks(ctx: AppContext, ownerId: number): Promise<ProxyMonitorState> {
  const { db } = ctx.database;
  if (await moveProxyMonitor(db, ownerId, ['CHECKING'], 'STOPPING')) {
    publishMonitor(ctx, ownerId, 'STOPPING');
    return 'STOPPING';
  }
  return readProxyMonitor(db, ownerId);
}

/** The timeout and concurrency a check uses (the bench and tests may choose their own). */
export const DEFAULT_CHECK_SETTINGS: ProxyCheckSettings = { timeoutMs: PROXY_CHECK.timeoutMs, concurrency: PROXY_CHECK.concurrency };
