import { reusableQuery } from '../../platform/db/dialect';

/** How long a post of a paused campaign waits before it looks again. */
export const PAUSED_RECHECK_MS = 10_000;

/** The status of a post's campaign (compiled once: it is read for every post). */
export const readCampaignStatus = reusableQuery((db, campaignId: number) =>
  db.selectFrom('campaigns').select('campaign_status').where('id', '=', campaignId));

/**
 * When a planned post (or indexer submission) must wait instead of running now: while its
 * campaign is paused it looks again after PAUSED_RECHECK_MS; a Spread post waits for its start,
 * a retried (or held) one for its not_before (a job that runs early, re-sent after a crash, waits).
 * Null: run it now.
 */
export function postHoldUntil(post: { start_after: number | null; not_before?: number | null }, campaignStatus: string | undefined, now: number): number | null {
  if (campaignStatus === 'PAUSED') return now + PAUSED_RECHECK_MS;
  const due = Math.max(post.start_after ?? 0, post.not_before ?? 0);
  if (due > now + 1000) return due;
  return null;
}
