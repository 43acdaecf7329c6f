import { PROXY_CHECK, type ProxyRow } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { moveProxyMonitor, presentProxy, proxiesToCheck, readEngineOptions, readProxyMonitor, recordProxyCheck, type ProxyEntry } from '../seams';
import { JOB, type EngineJob } from '../jobs/job-names';
import { checkProxyPool, type ProxyCheckSettings } from './check-pool';
import { DEFAULT_CHECK_SETTINGS, publishMonitor } from './proxy-checks';

/** Live rows are sent together, at most this often (a check of thousands of proxies is not thousands of messages). */
const PUBLISH_EVERY_MS = 250;
/** How often a running check looks whether Stop checking was pressed. */
const STOP_POLL_MS = 250;

/** Tests and the bench choose a short timeout through the environment. */
export function checkSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ProxyCheckSettings {
  const timeoutMs = Number(env.PROXY_CHECK_TIMEOUT_MS) || DEFAULT_CHECK_SETTINGS.timeoutMs;
  const concurrency = Number(env.PROXY_CHECK_CONCURRENCY) || DEFAULT_CHECK_SETTINGS.concurrency;
  return { timeoutMs, concurrency };
}

/**
 * Checks every proxy of a user against the judge URL, `concurrency` at a time, each within the
 * timeout; records each outcome as it comes (WORKING with its latency, or FAILED with the reason)
 * and tells the table. Stops early when the monitor is STOPPING (proxies in flight are abandoned
 * unrecorded). Answers how many were checked.
 */
export async function checkUserProxies(ctx: AppContext, ownerId: number, settings: ProxyCheckSettings): Promise<number> {
  const { db } = ctx.database;
  const [proxies, options] = await Promise.all([proxiesToCheck(db, ownerId), readEngineOptions(db, ownerId)]);
  const judgeUrl = options.proxyJudgeUrl || PROXY_CHECK.defaultJudgeUrl;
  const stop = new AbortController();
  const poll = setInterval(() => {
    void readProxyMonitor(db, ownerId).then((state) => {
      if (state !== 'CHECKING') stop.abort();
    }, () => undefined);
  }, STOP_POLL_MS);
  let pending: ProxyRow[] = [];
  const flush = () => {
    if (pending.length > 0) ctx.live?.publish(ownerId, 'proxies', 'proxyStatusChanged', { proxies: pending });
    pending = [];
  };
  const flusher = setInterval(flush, PUBLISH_EVERY_MS);
  try {
    return await checkProxyPool(proxies, judgeUrl, settings, stop.signal, async (proxy: ProxyEntry, result) => {
      const row = await recordProxyCheck(db, ownerId, proxy.id, result);
      if (row) pending.push(presentProxy(row));
    });
  } finally {
    clearInterval(poll);
    clearInterval(flusher);
    flush();
  }
}

/** `proxy.check` {ownerId}: one check of all the user's proxies, then the monitor back to NEW. */
export function proxyCheckJob(ctx: AppContext, settings: ProxyCheckSettings = checkSettingsFromEnv()): EngineJob<'proxy.check'> {
  return {
    name: JOB.proxyCheck,
    options: { concurrency: 4, timeoutSeconds: 60 * 60 },
    handler: async ({ payload: { ownerId } }) => {
      const { db } = ctx.database;
      const state = await readProxyMonitor(db, ownerId);
      if (state !== 'CHECKING') {
        // Stopped before it began: nothing to abandon.
        if (state === 'STOPPING' && (await moveProxyMonitor(db, ownerId, ['STOPPING'], 'NEW'))) publishMonitor(ctx, ownerId, 'NEW');
        return;
      }
      try {
        await checkUserProxies(ctx, ownerId, settings);
      } finally {
        if (await moveProxyMonitor(db, ownerId, ['CHECKING', 'STOPPING'], 'NEW')) publishMonitor(ctx, ownerId, 'NEW');
      }
    },
  };
}
