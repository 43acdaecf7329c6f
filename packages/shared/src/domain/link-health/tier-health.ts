import type { LinkHistoryStatus } from './recheck-plan';

/**
 * Tier health (issue 18.2): when an upper-tier post is dead, lower tiers stop placing links to it
 * in new posts, and it comes back when a later check finds it alive. Pure: the server keeps the
 * verdict on the link (url_items.dead_since / dead_reason, migration 0032) and the composing
 * query leaves dead links out; the screens and the tests read the same rules.
 *
 * - A link is dead after two dead checks in a row: MISSING (the page answers without the link) or
 *   GONE (404 / 410), in any mix. One dead check alone may be a blog's passing hiccup.
 * - ERROR (the page could not be read: timeouts, 5xx, refused) says nothing either way: it is
 *   skipped, it neither counts towards the two nor breaks the run. post.verify tries such a page
 *   again (maxNumberOfRetries, doubling waits) before it stores an ERROR at all.
 * - The second dead check is not a day away: the planner confirms a first dead check a few minutes
 *   later (recheck-plan.ts, DEAD_CONFIRM_BACKOFF_MS), so a deleted post is dead within minutes.
 * - A later OK or NOFOLLOW check brings the link back at once.
 * - A dead link's reason is the latest dead check's status (GONE when the page is gone, else MISSING).
 */

/** History statuses that count as the post being dead. */
export const DEAD_CHECK_STATUSES = ['MISSING', 'GONE'] as const satisfies readonly LinkHistoryStatus[];
export type DeadReason = (typeof DEAD_CHECK_STATUSES)[number];

/** Dead checks in a row (ERRORs skipped) that drop a target. */
export const DEAD_CHECKS_IN_A_ROW = 2;

export type TargetHealth = { dead: false } | { dead: true; reason: DeadReason; since: number };

const isDead = (status: LinkHistoryStatus): status is DeadReason => status === 'MISSING' || status === 'GONE';

/** Readable (not ERROR) checks, newest first. */
function readableNewestFirst(checks: readonly { checkedAt: number; status: LinkHistoryStatus }[]) {
  return checks.filter((check) => check.status !== 'ERROR').sort((a, b) => b.checkedAt - a.checkedAt);
}

/**
 * True when the latest readable check found the link dead but the dead run is still shorter than
 * DEAD_CHECKS_IN_A_ROW: a verdict waits for one more look (the planner makes it soon).
 */
export function awaitingDeadConfirmation(checks: readonly { checkedAt: number; status: LinkHistoryStatus }[]): boolean {
  const readable = readableNewestFirst(checks);
  let run = 0;
  while (run < readable.length && isDead(readable[run]!.status)) run += 1;
  return run > 0 && run < DEAD_CHECKS_IN_A_ROW;
}

/** Whether a target (an upper tier's output link) is dead, from its checks in any order. */
export function targetHealth(checks: readonly { checkedAt: number; status: LinkHistoryStatus }[]): TargetHealth {
  const readable = readableNewestFirst(checks);
  const latest = readable.slice(0, DEAD_CHECKS_IN_A_ROW);
  if (latest.length < DEAD_CHECKS_IN_A_ROW || !latest.every((check) => isDead(check.status))) return { dead: false };
  // Dead since the first check of the dead run that made it dead (the second dead check in a row).
  let run = 0;
  while (run < readable.length && isDead(readable[run]!.status)) run += 1;
  const since = readable[run - DEAD_CHECKS_IN_A_ROW]!.checkedAt;
  return { dead: true, reason: latest[0]!.status as DeadReason, since };
}

/** url_items.check_status values (the latest check) whose URL goes to indexers. */
export const INDEXABLE_CHECK_STATUSES = ['OK', 'NOFOLLOW', 'NONE'] as const;

/**
 * Only live links go to indexers (issue 18.3): a URL is submitted when its latest check found the
 * link (OK or NOFOLLOW), or when it was never checked (NONE: a URL the user imported, or a post the
 * engine just published and whose publish call succeeded; holding those back would leave an indexer
 * project over an imported list with nothing to submit). MISSING, ERROR and PENDING (the last fetch
 * failed and is being retried) are held back.
 */
export function isIndexable(checkStatus: string): boolean {
  return (INDEXABLE_CHECK_STATUSES as readonly string[]).includes(checkStatus);
}
