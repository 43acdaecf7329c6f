import { PROXY_CHECK, PROXY_CHECK_MESSAGES, type ProxyMonitorState } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { ConflictError } from '../../platform/http/errors';
import { moveProxyMonitor, proxiesToCheck, readProxyMonitor } from '../seams';
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
  if (!(await moveProxyMonitor(db, ownerId, ['NEW'], 'CHECKING'))) return readProxyMonitor(db, ownerId);
  publishMonitor(ctx, ownerId, 'CHECKING');
  await ctx.queue.send(JOB.proxyCheck, { ownerId }, { singletonKey: `proxy-check-${ownerId}`, retryLimit: 2, retryDelaySeconds: 5 });
  return 'CHECKING';
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
