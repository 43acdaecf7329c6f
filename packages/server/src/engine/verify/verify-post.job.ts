import type { LinkCheckStatus } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { readEngineOptions, publishLinksChecked, findLinkSetWithCampaign } from '../seams';
import { JOB, type EngineJob, type VerifyPayload } from '../jobs/job-names';
import type { JobContext } from '../queue/queue';
import { findPost } from '../runner/runs.repository';
import { fetchPage, PageFetchError } from './fetch-page';
import { judgePage, type PageVerdict } from './judge-page';
import { outputLinkOfPost, placedLinks, storeCheck } from './link-checks.repository';

/** A page answers quickly or not at all: the user's waitTimeOut, but never longer than this. */
const MAX_FETCH_MS = 120_000;

/**
 * The post.verify handler: fetches the published post's page and checks every link placed in it
 * (present, anchor, followed), then stores the result on the post's output link (url_items
 * check_status / check_info / checked_at) and tells the link set's screens. A page that cannot be
 * fetched yet (network error, timeout, 404 or 5xx right after publishing) is tried again
 * maxNumberOfRetries times, timeToWaitBeforeRetry seconds apart and doubling, before the result
 * is stored as it stands; the link stays PENDING meanwhile, with the reason in check_info.
 */
export async function verifyPost(ctx: AppContext, job: Pick<JobContext<VerifyPayload>, 'payload' | 'signal'>): Promise<void> {
  const { payload } = job;
  const { ownerId, postId } = payload;
  const retry = payload.retry ?? 0;
  const { db } = ctx.database;
  const post = await findPost(db, ownerId, postId);
  if (!post || post.state !== 'published' || !post.remote_url) return;
  const link = await outputLinkOfPost(db, ownerId, post);
  if (!link) return;
  const options = await readEngineOptions(db, ownerId);

  let verdict: PageVerdict;
  try {
    const page = await fetchPage(post.remote_url, { timeoutMs: Math.min(options.waitTimeOut * 1000, MAX_FETCH_MS), signal: job.signal });
    verdict = judgePage(page, await placedLinks(db, ownerId, postId));
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    verdict = { kind: 'retry', reason: error.message, final: { status: 'ERROR', info: `${error.message} (${post.remote_url})` } };
  }

  let check: { status: LinkCheckStatus; info: string };
  if (verdict.kind === 'retry' && retry < options.maxNumberOfRetries) {
    const waitSeconds = options.timeToWaitBeforeRetry * 2 ** retry;
    await ctx.queue.send(JOB.postVerify, { ownerId, postId, retry: retry + 1 }, {
      startAfter: new Date(Date.now() + waitSeconds * 1000),
      singletonKey: `verify-${postId}-${retry + 1}`,
    });
    check = { status: 'PENDING', info: `${verdict.reason}; checking again in ${waitSeconds} s (try ${retry + 2} of ${options.maxNumberOfRetries + 1})` };
  } else {
    check = verdict.kind === 'retry' ? verdict.final : verdict;
  }
  if (!(await storeCheck(db, ownerId, link.id, { status: check.status, info: check.info, checkedAt: Date.now() }))) return;
  const linkSet = await findLinkSetWithCampaign(db, ownerId, link.url_list_id);
  if (linkSet) await publishLinksChecked(ctx, ownerId, linkSet, [link.id]);
}

/** The post.verify job as the registry lists it. */
export function verifyPostJob(ctx: AppContext): EngineJob<'post.verify'> {
  return {
    name: JOB.postVerify,
    handler: (job) => verifyPost(ctx, job),
    options: { concurrency: 4, timeoutSeconds: Math.ceil(MAX_FETCH_MS / 1000) + 60 },
  };
}
