import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { JOB } from '../jobs/job-names';
import { interleaveByHost } from './host-slots';

/** Most links one pass hands to post.verify (the next tick takes the rest: 100,000 due never load at once). */
export const RECHECK_BATCH = 200;
/**
 * A link handed to post.verify is due again this much later unless the check lands first (its
 * storeCheck sets the planner's next due time): a job lost with a crash is sent again then.
 */
export const RECHECK_LEASE_MS = 3_600_000;

interface ClaimedLink {
  id: number;
  owner_id: number;
  post_id: number | null;
  url: string;
}

/**
 * Takes up to `batch` links whose next_check_at has come (url_items_next_check_idx, oldest due
 * first) and moves them a lease ahead in one statement; only the rows this statement changed are
 * returned, so two processes running the pass at once never claim the same link.
 */
async function claimDueLinks(db: Kysely<DB>, now: number, batch: number): Promise<ClaimedLink[]> {
  const due = await db.selectFrom('url_items').select('id')
    .where('next_check_at', '<=', now).where('post_id', 'is not', null)
    .orderBy('next_check_at').orderBy('id').limit(batch).execute();
  if (due.length === 0) return [];
  return db.updateTable('url_items').set({ next_check_at: now + RECHECK_LEASE_MS })
    .where('id', 'in', due.map((row) => row.id)).where('next_check_at', '<=', now)
    .returning(['id', 'owner_id', 'post_id', 'url'])
    .execute();
}

/**
 * The re-verification pass of link health (issue 18), run by each scheduler tick: the links due
 * for a re-check go to the queue's post.verify (the verify path with the user's proxy options and
 * the job's concurrency), one job per link, keyed by link and instant so a repeated send finds the
 * one already queued. Sent in per-host turns (links published together sit on few blogs, and a
 * page fetch waits for its host's slots: a batch of one blog would hold every running job). `now`
 * is the pass's clock: tests pass their own. Returns the jobs' ids.
 */
export async function recheckDueLinks(ctx: AppContext, now = Date.now(), batch = RECHECK_BATCH): Promise<string[]> {
  const claimed = interleaveByHost(await claimDueLinks(ctx.database.db, now, batch));
  const jobIds: string[] = [];
  for (const link of claimed) {
    if (link.post_id === null) continue;
    jobIds.push(await ctx.queue.send(JOB.postVerify, { ownerId: link.owner_id, postId: link.post_id }, { singletonKey: `recheck-${link.id}-${now}` }));
  }
  return jobIds;
}
