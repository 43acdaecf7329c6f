import type { AppContext } from '../../app-context';
import { ProxyDispatchers, redactProxy } from '../connectors/proxy-dispatcher';
import { JOB, type EngineJob, type JobPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { engineOptions, fetchingProxies, PROXY_WAIT_MESSAGES, PROXY_WAIT_MS } from '../runner/engine-options';
import {
  finishVerifierRun, getVerifierState, markChecking, markPrivateChecking, openPasswords, presentCustomSite, privateSitesToProbe, releaseUnprobed, sitesToProbe,
  storePrivateSiteCheck, storeSiteCheck, type CustomSiteRecord, type PrivateSiteToProbe, type VerifierState,
} from '../seams';
import { secretBoxOf } from '../../platform/crypto/database-secrets';
import { probeSite, type SiteProbe } from './probe-site';

/** A site the verifier could not look at, with the reason. */
const unprobed = (reason: string): SiteProbe => ({ platform: 'Unknown', status: 'FAILED', reason, canRegister: null, credentialsOk: null });
import { publishVerifierStatus } from './verifier-status';
import { recheckProxiesForHeldWork } from '../proxies/proxy-checks';

export type SiteVerifyPayload = JobPayload<'site.verify'>;

/** How the verifier probes; the user's options give them, a bench or a test may choose its own. */
export interface VerifierSettings {
  /** Sites probed at once (the options' maxBrowserThreads). */
  concurrency: number;
  /** Limit for each HTTP request of a probe (the options' waitTimeOut, at most MAX_PROBE_REQUEST_MS). */
  timeoutMs: number;
  /** Sites one job run takes before handing over to the next job (default CHUNK_SITES). */
  chunkSites?: number;
}

/** A site answers quickly or not at all: the user's waitTimeOut, but never longer than this per request. */
const MAX_PROBE_REQUEST_MS = 60_000;
/** One job run probes at most this many sites or for this long, then hands over to the next job. */
const CHUNK_SITES = 1000;
const CHUNK_MS = 5 * 60_000;
/** Sites read from the database at a time. */
const PAGE = 200;
/** verifierStatusChanged is sent at most this often while a run goes (and once at its end). */
const PROGRESS_EVERY_MS = 250;
/** How stale the run's status may be when a worker decides to take the next site (Stop reaches it within this). */
const STATUS_FRESH_MS = 200;

/**
 * The site.verify handler (issue 13.2): probes the user's custom sites of the run (those not checked
 * since the run's `since`), then their private-network sites (issue 13.3: stored, counted, not sent
 * one by one), `concurrency` at a time, through the user's working proxies in turn
 * when Use Proxy is on; each result is stored and sent live (siteChecked) and counted in the run's
 * progress (verifierStatusChanged, coalesced). A Stop (STOPPED) lets the probes in flight finish and
 * takes no further site. After CHUNK_SITES sites or CHUNK_MS the next chunk is a new job, so no job
 * runs for hours; a job that dies is run again and skips what its run already checked. When no site
 * is left the run is DONE.
 */
export async function runSiteVerifier(ctx: AppContext, job: Pick<JobContext<SiteVerifyPayload>, 'payload' | 'signal'>, chosen?: VerifierSettings): Promise<void> {
  const { ownerId, since, chunk } = job.payload;
  const { db } = ctx.database;
  if ((await getVerifierState(db, ownerId)).status !== 'CHECKING') return;
  const options = await engineOptions(db, ownerId);
  const settings: VerifierSettings = chosen ?? { concurrency: options.maxBrowserThreads, timeoutMs: Math.min(options.waitTimeOut * 1000, MAX_PROBE_REQUEST_MS) };
  // HTTP CONNECT and SOCKS5 proxies alike (ProxyDispatchers dials each as its check found it).
  const route = await fetchingProxies(db, ownerId, options);
  if (route.kind === 'noLiveProxy') {
    // Use Proxy on and none alive: no site is probed directly; the run stays CHECKING and this
    // chunk is tried again later (Stop still ends it).
    await ctx.queue.send(JOB.siteVerify, job.payload, { startAfter: new Date(Date.now() + PROXY_WAIT_MS) });
    // The screen says why nothing moves (it also reads this on load: verifierWaitInfo).
    publishVerifierStatus(ctx, ownerId, await getVerifierState(db, ownerId), PROXY_WAIT_MESSAGES.fetching);
    await recheckProxiesForHeldWork(ctx, ownerId);
    return;
  }
  const proxies = route.kind === 'proxies' ? route.urls : [];
  const dispatchers = new ProxyDispatchers();
  const probeOne = async (site: { url: string; login: string | null; password: string | null }, turn: number): Promise<SiteProbe> => {
    const proxy = proxies.length > 0 ? proxies[turn % proxies.length] : undefined;
    let dispatcher: Awaited<ReturnType<ProxyDispatchers['get']>> | undefined;
    try {
      dispatcher = proxy ? await dispatchers.get(proxy) : undefined;
    } catch (error) {
      return unprobed(error instanceof Error ? error.message : String(error));
    }
    return probeSite(site, { timeoutMs: settings.timeoutMs, signal: job.signal, ...(proxy && dispatcher ? { dispatcher, proxyLabel: redactProxy(proxy) } : {}) });
  };

  let status = { checking: true, at: Date.now() };
  const stillChecking = async (): Promise<boolean> => {
    if (Date.now() - status.at > STATUS_FRESH_MS) status = { checking: (await getVerifierState(db, ownerId)).status === 'CHECKING', at: Date.now() };
    return status.checking;
  };

  // Sites come from one keyset walk shared by the workers (refills one at a time): the custom
  // sites, then the private-network sites (issue 13.3).
  type Next = { kind: 'custom'; site: CustomSiteRecord } | { kind: 'private'; site: PrivateSiteToProbe };
  let walking: Next['kind'] = 'custom';
  let afterId = 0;
  const buffer: Next[] = [];
  let exhausted = false;
  let refill: Promise<void> | undefined;
  const readPage = async (): Promise<Next[]> => walking === 'custom'
    ? (await sitesToProbe(db, ownerId, since, afterId, PAGE)).map((site) => ({ kind: 'custom' as const, site }))
    : (await privateSitesToProbe(db, ownerId, since, afterId, PAGE)).map((site) => ({ kind: 'private' as const, site }));
  const nextSite = async (): Promise<Next | undefined> => {
    while (buffer.length === 0 && !exhausted) {
      refill ??= readPage().then((rows) => {
        if (rows.length > 0) {
          afterId = rows[rows.length - 1]!.site.id;
          buffer.push(...rows);
        } else if (walking === 'custom') {
          walking = 'private';
          afterId = 0;
        } else exhausted = true;
      }).finally(() => (refill = undefined));
      await refill;
    }
    return buffer.shift();
  };

  // Progress: the latest state, sent at most every PROGRESS_EVERY_MS.
  let latest: VerifierState | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sendProgress = () => {
    timer = undefined;
    if (latest) publishVerifierStatus(ctx, ownerId, latest);
  };

  const started = Date.now();
  let taken = 0;
  let chunkFull = false;
  const worker = async () => {
    for (;;) {
      if (job.signal.aborted) return;
      if (taken >= (settings.chunkSites ?? CHUNK_SITES) || Date.now() - started > CHUNK_MS) {
        chunkFull = true;
        return;
      }
      if (!(await stillChecking())) return;
      const next = await nextSite();
      if (!next) return;
      const turn = taken++;
      if (next.kind === 'custom') {
        const { site } = next;
        await markChecking(db, ownerId, site.id);
        const [opened] = openPasswords(db, [site]);
        const probe = await probeOne({ url: site.url, login: opened?.login ?? null, password: opened?.password ?? null }, turn);
        const stored = await storeSiteCheck(db, ownerId, site.id, probe, Date.now());
        if (stored.site) ctx.live?.publish(ownerId, 'site_verifier', 'siteChecked', { site: presentCustomSite(stored.site) });
        latest = stored.state;
      } else {
        // A private site's stored login is the one the engine posts with: the probe checks it.
        const { site } = next;
        await markPrivateChecking(db, ownerId, site.id);
        const login = site.username.trim() === '' ? null : site.username;
        const probe = await probeOne({ url: site.site_url, login, password: login === null ? null : secretBoxOf(db).open(site.password) }, turn);
        latest = await storePrivateSiteCheck(db, ownerId, site.id, probe, Date.now());
      }
      timer ??= setTimeout(sendProgress, PROGRESS_EVERY_MS);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, worker));
  } finally {
    if (timer) clearTimeout(timer);
    sendProgress();
  }
  if (job.signal.aborted) throw job.signal.reason;
  // Stopped: the probes in flight have stored their results; nothing else is being checked.
  if ((await getVerifierState(db, ownerId)).status !== 'CHECKING') {
    await releaseUnprobed(db, ownerId);
    return;
  }

  if (exhausted && buffer.length === 0) {
    if (await finishVerifierRun(db, ownerId)) publishVerifierStatus(ctx, ownerId, await getVerifierState(db, ownerId));
    return;
  }
  if (chunkFull && (await getVerifierState(db, ownerId)).status === 'CHECKING') {
    await ctx.queue.send(JOB.siteVerify, { ownerId, since, chunk: chunk + 1 }, { singletonKey: `site-verify-${ownerId}-${since}-${chunk + 1}` });
  }
}

/** The site.verify job as the registry lists it. */
export function siteVerifyJob(ctx: AppContext): EngineJob<'site.verify'> {
  return {
    name: JOB.siteVerify,
    handler: (job) => runSiteVerifier(ctx, job),
    options: { concurrency: 4, timeoutSeconds: CHUNK_MS / 1000 + 10 * 60 },
  };
}
