import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB } from '../../platform/db/schema';
import { JOB } from '../jobs/job-names';
import { interleaveByHost, pageHost } from './host-slots';

/** Most links one claim hands to post.verify (recheck-flow.ts claims again as room frees: 100,000 due never load at once). */
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

/** Due links read at a time while choosing a claim, and most read for one claim. */
const SCAN_PAGE = 1_000;
const SCAN_MAX = 20_000;

/** How many more links of a host a claim may take (Infinity: no limit). */
export type HostRoom = (host: string) => number;

/**
 * The ids of up to `batch` due links, oldest due first, taking no more of a host than `hostRoom`
 * allows (so one claim spreads over the blogs instead of taking one blog's posts in a row); read in
 * pages of the next-check index, at most SCAN_MAX rows. `noneDue`: there was no due link at all.
 */
async function chooseDueLinks(db: Kysely<DB>, now: number, batch: number, hostRoom: HostRoom): Promise<{ ids: number[]; noneDue: boolean }> {
  const ids: number[] = [];
  const taken = new Map<string, number>();
  let after: { at: number; id: number } | null = null;
  for (let scanned = 0; scanned < SCAN_MAX;) {
    const from: { at: number; id: number } | null = after;
    const page: Array<{ id: number; url: string; next_check_at: number | null }> = await db.selectFrom('url_items').select(['id', 'url', 'next_check_at'])
      .where('next_check_at', '<=', now).where('post_id', 'is not', null)
      .$if(from !== null, (query) => query.where((eb) => eb.or([eb('next_check_at', '>', from!.at), eb.and([eb('next_check_at', '=', from!.at), eb('id', '>', from!.id)])])))
      .orderBy('next_check_at').orderBy('id').limit(SCAN_PAGE).execute();
    for (const row of page) {
      const host = pageHost(row.url);
      const count = taken.get(host) ?? 0;
      if (count >= hostRoom(host)) continue;
      taken.set(host, count + 1);
      ids.push(row.id);
      if (ids.length >= batch) return { ids, noneDue: false };
    }
    if (page.length < SCAN_PAGE) return { ids, noneDue: scanned + page.length === 0 };
    scanned += page.length;
    const last: { id: number; next_check_at: number | null } = page.at(-1)!;
    after = { at: Number(last.next_check_at), id: last.id };
  }
  return { ids, noneDue: false };
}

/**
 * Claims the chosen links: moves them a lease ahead in one statement; only the rows this statement
 * changed are returned, so two processes running the pass at once never claim the same link.
 */
async function claimDueLinks(db: Kysely<DB>, now: number, ids: readonly number[]): Promise<ClaimedLink[]> {
  if (ids.length === 0) return [];
  return db.updateTable('url_items').set({ next_check_at: now + RECHECK_LEASE_MS })
    .where('id', 'in', ids).where('next_check_at', '<=', now)
    .returning(['id', 'owner_id', 'post_id', 'url'])
    .execute();
}

/** One re-check sent: its job and the host of the page it fetches. */
export interface SentRecheck {
  jobId: string;
  host: string;
}

/**
 * Claims up to `batch` due links (at most `hostRoom(host)` of each host) and sends each to the
 * queue's post.verify (the verify path with the user's proxy options and the job's concurrency),
 * keyed by link and instant so a repeated send finds the one already queued; in per-host turns (a
 * page fetch waits for its host's slots: a run of one blog's links would hold every running job).
 * `noneDue`: no link at all was due.
 */
export async function sendDueRechecks(ctx: AppContext, now: number, batch: number, hostRoom: HostRoom = () => Infinity): Promise<{ sent: SentRecheck[]; noneDue: boolean }> {
  const chosen = await chooseDueLinks(ctx.database.db, now, batch, hostRoom);
  const claimed = interleaveByHost(await claimDueLinks(ctx.database.db, now, chosen.ids));
  const sent: SentRecheck[] = [];
  for (const link of claimed) {
    if (link.post_id === null) continue;
    const jobId = await ctx.queue.send(JOB.postVerify, { ownerId: link.owner_id, postId: link.post_id }, { singletonKey: `recheck-${link.id}-${now}` });
    sent.push({ jobId, host: pageHost(link.url) });
  }
  return { sent, noneDue: chosen.noneDue };
}

/**
 * The re-verification pass of link health (issue 18): up to `batch` of the links due for a
 * re-check, oldest due first, sent to post.verify (sendDueRechecks). The scheduler runs it through
 * the re-check flow (recheck-flow.ts), which keeps claiming as the checks end. `now` is the pass's
 * clock: tests pass their own. Returns the jobs' ids.
 */
export async function recheckDueLinks(ctx: AppContext, now = Date.now(), batch = RECHECK_BATCH): Promise<string[]> {
  return (await sendDueRechecks(ctx, now, batch)).sent.map((recheck) => recheck.jobId);
}
