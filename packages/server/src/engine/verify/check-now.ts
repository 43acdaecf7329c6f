import { randomUUID } from 'node:crypto';
import type { CheckNowResponse, CheckNowScope } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { JOB } from '../jobs/job-names';
import { claimLinks, linksInScope, makeDue, type LinkToCheck } from './check-now.repository';
import { followCheck } from './check-now-progress';
import { RECHECK_LEASE_MS } from './recheck-due-links';
import { pageHost } from './host-slots';

/** Links claimed and sent per statement (as the scheduler's pass: a big campaign never loads its jobs at once). */
const SEND_BATCH = 200;

/**
 * The links in an order that visits the hosts in turn (a link of each host, then the next of each
 * …): the queue runs post.verify in the order sent, so a campaign whose first thousand links sit on
 * one blog does not fill every running job with fetches waiting for that blog's few slots.
 */
export function interleaveByHost(links: readonly LinkToCheck[]): LinkToCheck[] {
  const byHost = new Map<string, LinkToCheck[]>();
  for (const link of links) {
    const host = pageHost(link.url);
    const list = byHost.get(host);
    if (list) list.push(link);
    else byHost.set(host, [link]);
  }
  const queues = [...byHost.values()];
  const out: LinkToCheck[] = [];
  for (let round = 0; out.length < links.length; round += 1) {
    for (const queue of queues) if (round < queue.length) out.push(queue[round]!);
  }
  return out;
}

/**
 * Check now (issue 36): the published links of the scope that are the user's are made due at once
 * (url_items.next_check_at = now, committed before the answer) and their post.verify jobs are sent
 * right after, in per-host turns, claimed as the scheduler's pass claims (a lease, so the pass or a
 * second check never sends one twice; should this process stop first, the pass sends the rest).
 * The checks are the scheduled checks' own: same job, same history, same next due time. Their
 * progress goes live on the user's `link_checks` topic (check-now-progress.ts). Undefined when the
 * scope is not the user's. `now` is the clock (tests pass their own).
 */
export async function checkNow(ctx: AppContext, ownerId: number, scope: CheckNowScope, now: () => number = Date.now): Promise<CheckNowResponse | undefined> {
  const { db } = ctx.database;
  const links = await linksInScope(db, ownerId, scope);
  if (!links) return undefined;
  const checkId = randomUUID();
  const startedAt = now();
  const ids = links.map((link) => link.id);
  await makeDue(db, ownerId, ids, startedAt);
  followCheck(ctx, { checkId, ownerId, ids, startedAt });
  void sendChecks(ctx, ownerId, interleaveByHost(links), startedAt).catch((error: unknown) => {
    // The links stay due: the scheduler's pass sends what this could not.
    console.error('Check now could not send every check:', error);
  });
  return { checkId, total: links.length };
}

async function sendChecks(ctx: AppContext, ownerId: number, links: readonly LinkToCheck[], at: number): Promise<void> {
  const postOf = new Map(links.map((link) => [link.id, link.postId]));
  for (let i = 0; i < links.length; i += SEND_BATCH) {
    const batch = links.slice(i, i + SEND_BATCH).map((link) => link.id);
    const claimed = new Set(await claimLinks(ctx.database.db, ownerId, batch, at, RECHECK_LEASE_MS));
    // Sent in the batch's (per-host) order, not the database's.
    for (const id of batch) {
      if (!claimed.has(id)) continue;
      await ctx.queue.send(JOB.postVerify, { ownerId, postId: postOf.get(id)! }, { singletonKey: `recheck-${id}-${at}` });
    }
  }
}
