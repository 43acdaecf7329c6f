import { randomUUID } from 'node:crypto';
import type { CheckNowResponse, CheckNowScope } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { JOB } from '../jobs/job-names';
import { linksInScope, takeLinks, type LinkToCheck } from './check-now.repository';
import { followCheck } from './check-now-progress';
import { RECHECK_LEASE_MS } from './recheck-due-links';
import { interleaveByHost } from './host-slots';

/**
 * Check now (issue 36): the published links of the scope that are the user's are taken at once as
 * the scheduler's pass takes due links (url_items.next_check_at a lease ahead, committed before the
 * answer: the pass does not send them too, and should this process stop before every job is sent,
 * they come due again when the lease ends) and their post.verify jobs are sent right after, in
 * per-host turns. The checks are the scheduled checks' own: same job, same history, same next due
 * time. Their progress goes live on the user's `link_checks` topic (check-now-progress.ts).
 * Undefined when the scope is not the user's. `now` is the clock (tests pass their own).
 */
export async function checkNow(ctx: AppContext, ownerId: number, scope: CheckNowScope, now: () => number = Date.now): Promise<CheckNowResponse | undefined> {
  const { db } = ctx.database;
  const links = await linksInScope(db, ownerId, scope);
  if (!links) return undefined;
  const checkId = randomUUID();
  const startedAt = now();
  const ids = links.map((link) => link.id);
  await takeLinks(db, ownerId, ids, startedAt + RECHECK_LEASE_MS);
  followCheck(ctx, { checkId, ownerId, ids, startedAt });
  void sendChecks(ctx, ownerId, interleaveByHost(links), startedAt).catch((error: unknown) => {
    // What was not sent comes due when the lease ends: the scheduler's pass sends it then.
    console.error('Check now could not send every check:', error);
  });
  return { checkId, total: links.length };
}

/** One post.verify per link, in the given (per-host) order: the queue runs them in the order sent. */
async function sendChecks(ctx: AppContext, ownerId: number, links: readonly LinkToCheck[], at: number): Promise<void> {
  for (const link of links) {
    await ctx.queue.send(JOB.postVerify, { ownerId, postId: link.postId }, { singletonKey: `recheck-${link.id}-${at}` });
  }
}
