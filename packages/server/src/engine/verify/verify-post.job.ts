import { linkJitterFraction, type LinkCheckStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { publishLinksChecked } from '../seams';
import { JOB, type EngineJob, type VerifyPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { fetchPage, PageFetchError } from './fetch-page';
import { ProxyDispatchers } from '../connectors/proxy-dispatcher';
import { fetchingProxy, optionsAsOf, PROXY_WAIT_MESSAGES, PROXY_WAIT_MS } from '../runner/engine-options';
import { holdingSlot, PostingSlots } from '../runner/posting-slots';
import { judgePage, type PageVerdict } from './judge-page';
import { readPostToVerify, storeCheck, storeCheckOutcome, type HistoryEntry } from './link-checks.repository';
import { emitLinkDied, emitLinkRevived } from './link-events';
import { republishIfDead } from '../runner/republish-post.job';
import { HOST_BUSY, HOST_BUSY_DELAY_MS, HOST_WAIT_MAX_MS, HostSlots, pageHost } from './host-slots';
import { recheckProxiesForHeldWork } from '../proxies/proxy-checks';

/** A page answers quickly or not at all: the user's waitTimeOut, but never longer than this. */
const MAX_FETCH_MS = 120_000;

/** One dispatcher per proxy for the process's verifications (HTTP CONNECT or SOCKS5, as the check found). */
const VERIFY_PROXIES = new ProxyDispatchers();

/** maxBrowserThreads (General tab): at most that many of one user's post pages are fetched at once in a process. */
const FETCH_SLOTS = new PostingSlots();

/** And at most VERIFY_FETCHES_PER_HOST pages of one host, whoever's (issue 36: re-checks are rate-limited per site). */
const HOST_SLOTS = new HostSlots();

/** post.verify jobs one process runs at once (all users): the largest maxBrowserThreads (a privileged account's 40). */
const VERIFY_CONCURRENCY = 40;

/**
 * The post.verify handler: fetches the published post's page and checks every link placed in it
 * (present, anchor, followed), then stores the result on the post's output link (url_items
 * check_status / check_info / checked_at) and tells the link set's screens. A page that cannot be
 * fetched yet (network error, timeout, 404 or 5xx right after publishing) is tried again
 * maxNumberOfRetries times, timeToWaitBeforeRetry seconds apart and doubling, before the result
 * is stored as it stands; the link stays PENDING meanwhile, with the reason in check_info.
 * A finished check is appended to the link's history (GONE when the page answered 404 or 410) and
 * schedules the link's next re-check (issue 18). A re-check finding the page gone stores it at once
 * (the planner confirms it minutes later); each fetch holds a slot of the user's maxBrowserThreads
 * and one of the page's host (host-slots.ts). After the store, a verdict change is told to the
 * onLinkDied / onLinkRevived listeners (link-events.ts). `now` is the job's clock: tests pass their own.
 */
export async function verifyPost(ctx: AppContext, job: Pick<JobContext<VerifyPayload>, 'payload' | 'signal'>, now: () => number = Date.now): Promise<void> {
  const { payload } = job;
  const { ownerId, postId } = payload;
  const retry = payload.retry ?? 0;
  const { db } = ctx.database;
  const found = await readPostToVerify(db, ownerId, postId);
  if (!found) return;
  const { post, link, placed } = found;
  if (post.state !== 'published' || !post.remote_url || !link) return;
  const options = await optionsAsOf(db, ownerId, found.optionsUpdatedAt);
  // Use Proxy on: the page is fetched through a proxy the last check found alive (each retry the next one).
  const route = await fetchingProxy(db, ownerId, options, postId + retry);
  if (route.kind === 'noLiveProxy') {
    // Use Proxy on and none alive: the page is not fetched directly; the same try runs again
    // later (no retry spent) and the link says why meanwhile.
    await ctx.queue.send(JOB.postVerify, payload, { startAfter: new Date(now() + PROXY_WAIT_MS) });
    await recheckProxiesForHeldWork(ctx, ownerId);
    if (await storeCheck(ctx.database, ownerId, link.id, { status: 'PENDING', info: PROXY_WAIT_MESSAGES.fetching, checkedAt: now() }, undefined, options.recheckSchedule)) {
      void publishLinksChecked(ctx, ownerId, link.url_list_id, [link.id]);
    }
    return;
  }
  const proxy = route.kind === 'proxy' ? route.url : undefined;

  let verdict: PageVerdict;
  let httpStatus: number | null = null;
  try {
    const dispatcher = proxy ? await VERIFY_PROXIES.get(proxy) : undefined;
    const fetchOptions = { timeoutMs: Math.min(options.waitTimeOut * 1000, MAX_FETCH_MS), signal: job.signal, ...(dispatcher ? { dispatcher } : {}) };
    const pageUrl = post.remote_url;
    // The user's slot first, then the host's: a fetch waiting for a busy host holds only its own user's place, never another user's.
    const page = await holdingSlot(FETCH_SLOTS, ownerId, options.maxBrowserThreads, job.signal,
      () => HOST_SLOTS.holding(pageHost(pageUrl), job.signal, () => fetchPage(pageUrl, fetchOptions), HOST_WAIT_MAX_MS));
    if (page === HOST_BUSY) {
      // The blog's slots stayed busy: this try runs again a little later (no retry spent), leaving its place in the queue to others.
      await ctx.queue.send(JOB.postVerify, payload, { startAfter: new Date(now() + HOST_BUSY_DELAY_MS + Math.floor(linkJitterFraction(postId) * HOST_BUSY_DELAY_MS)) });
      return;
    }
    httpStatus = page.status;
    verdict = judgePage(page, placed);
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    verdict = { kind: 'retry', reason: error.message, final: { status: 'ERROR', info: `${error.message} (${post.remote_url})` } };
  }

  let check: { status: LinkCheckStatus; info: string };
  // A re-check that finds the post gone (404 / 410) stores it at once: its confirmation is the
  // planner's next look minutes later (issue 36), not this job's retries. Failures that may pass
  // (no answer, timeouts, 5xx, 429) are tried again as always, and end as ERROR, never as dead.
  const goneOnRecheck = found.rechecking && (httpStatus === 404 || httpStatus === 410);
  if (verdict.kind === 'retry' && retry < options.maxNumberOfRetries && !goneOnRecheck) {
    const waitSeconds = options.timeToWaitBeforeRetry * 2 ** retry;
    await ctx.queue.send(JOB.postVerify, { ownerId, postId, retry: retry + 1 }, {
      startAfter: new Date(now() + waitSeconds * 1000),
      singletonKey: `verify-${postId}-${retry + 1}`,
    });
    check = { status: 'PENDING', info: `${verdict.reason}; checking again in ${waitSeconds} s (try ${retry + 2} of ${options.maxNumberOfRetries + 1})` };
  } else {
    check = verdict.kind === 'retry' ? verdict.final : verdict;
  }
  const history = historyEntry(check.status, httpStatus);
  const outcome = await storeCheckOutcome(ctx.database, ownerId, link.id, { status: check.status, info: check.info, checkedAt: now() }, history, options.recheckSchedule);
  if (!outcome.stored) return;
  // The screens are told after the job (best effort, never rejects): the next check does not wait for the message.
  void publishLinksChecked(ctx, ownerId, link.url_list_id, [link.id]);
  // The verdict change is committed: its listeners (alerts) hear of it.
  if (outcome.died) await emitLinkDied(ctx, outcome.died, logListenerError);
  if (outcome.revived) await emitLinkRevived(ctx, outcome.revived, logListenerError);
  // A dead post on the user's own site is re-published once when its project asks for it (issue 18.2).
  await republishIfDead(ctx, post, history?.status);
}

function logListenerError(error: unknown): void {
  console.error('A link health listener failed:', error);
}

/** What a check appends to the link's history; undefined while it is still retrying (PENDING). */
export function historyEntry(status: LinkCheckStatus, httpStatus: number | null): HistoryEntry | undefined {
  const pageRead = httpStatus !== null && httpStatus >= 200 && httpStatus < 300;
  switch (status) {
    case 'OK':
    case 'NOFOLLOW':
      return { status, httpStatus, anchorFound: true };
    case 'MISSING':
      return httpStatus === 404 || httpStatus === 410
        ? { status: 'GONE', httpStatus, anchorFound: null }
        : { status: 'MISSING', httpStatus, anchorFound: pageRead ? false : null };
    case 'ERROR':
      return { status: 'ERROR', httpStatus, anchorFound: null };
    default:
      return undefined;
  }
}

/** The post.verify job as the registry lists it. */
export function verifyPostJob(ctx: AppContext): EngineJob<'post.verify'> {
  return {
    name: JOB.postVerify,
    handler: (job) => verifyPost(ctx, job),
    options: { concurrency: VERIFY_CONCURRENCY, timeoutSeconds: Math.ceil(MAX_FETCH_MS / 1000) + 60 },
  };
}
