import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { interleaveByHost, pageHost } from './host-slots';

/** Most links one claim takes (recheck-flow.ts claims again as room frees: 100,000 due never load at once). */
export const RECHECK_BATCH = 200;
/**
 * A claimed link is due again this much later unless its check lands first (its storeCheck sets
 * the planner's next due time): a check lost with a crash or a stop is made again then.
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

/** How long due links read ahead are chosen from before the due index is read again from its start. */
export const DUE_CANDIDATES_FRESH_MS = 5_000;

/**
 * Due links read from the next-check index (oldest due first, in pages of SCAN_PAGE, at most
 * SCAN_MAX rows) and not chosen yet, by host. A claim takes from them what the hosts have room for
 * and reads further only when they fall short; a flow keeps one (recheck-flow.ts), so its claims
 * every 200 ms do not read again the rows of busy hosts ahead of the ones with room, as each claim
 * did (about 900 rows a claim, 0.1 ms of CPU a re-checked link in bench/check-now.ts). What was read
 * is only a choice: the claim's own statement takes a link only if it is still due. Read again from
 * the start once nothing read is left, or DUE_CANDIDATES_FRESH_MS after the first read (links that
 * fell due since).
 */
export class DueLinkCandidates {
  /** Ids not chosen yet of each host, in due order; hosts in the order their first link came. A host with none left is dropped. */
  #byHost = new Map<string, { ids: number[]; next: number }>();
  #after: { at: number; id: number } | null = null;
  /** Rows read since the start (every page); the SCAN_MAX cap counts them. */
  #scanned = 0;
  #exhausted = false;
  #readAt = Number.NEGATIVE_INFINITY;

  /**
   * The ids of up to `batch` due links, taking no more of a host than `hostRoom` allows (so one
   * claim spreads over the blogs instead of taking one blog's posts in a row). `noneDue`: a read
   * from the start found no due link at all.
   */
  async choose(db: Kysely<DB>, now: number, batch: number, hostRoom: HostRoom): Promise<{ ids: number[]; noneDue: boolean }> {
    if ((this.#byHost.size === 0 && this.#exhausted) || now < this.#readAt || now - this.#readAt >= DUE_CANDIDATES_FRESH_MS) this.#restart(now);
    const ids: number[] = [];
    const taken = new Map<string, number>();
    for (;;) {
      for (const [host, queue] of this.#byHost) {
        let room = hostRoom(host) - (taken.get(host) ?? 0);
        while (room > 0 && queue.next < queue.ids.length && ids.length < batch) {
          ids.push(queue.ids[queue.next]!);
          queue.next += 1;
          room -= 1;
          taken.set(host, (taken.get(host) ?? 0) + 1);
        }
        if (queue.next === queue.ids.length) this.#byHost.delete(host);
        if (ids.length >= batch) return { ids, noneDue: false };
      }
      if (this.#exhausted || this.#scanned >= SCAN_MAX) return { ids, noneDue: this.#exhausted && this.#scanned === 0 };
      await this.#readPage(db);
    }
  }

  #restart(now: number): void {
    this.#byHost.clear();
    this.#after = null;
    this.#scanned = 0;
    this.#exhausted = false;
    this.#readAt = now;
  }

  async #readPage(db: Kysely<DB>): Promise<void> {
    const from = this.#after;
    const page: Array<{ id: number; url: string; next_check_at: number | null }> = await db.selectFrom('url_items').select(['id', 'url', 'next_check_at'])
      .where('next_check_at', '<=', this.#readAt).where('post_id', 'is not', null)
      .$if(from !== null, (query) => query.where((eb) => eb.or([eb('next_check_at', '>', from!.at), eb.and([eb('next_check_at', '=', from!.at), eb('id', '>', from!.id)])])))
      .orderBy('next_check_at').orderBy('id').limit(SCAN_PAGE).execute();
    for (const row of page) {
      const host = pageHost(row.url);
      let queue = this.#byHost.get(host);
      if (!queue) this.#byHost.set(host, (queue = { ids: [], next: 0 }));
      queue.ids.push(row.id);
    }
    this.#scanned += page.length;
    if (page.length < SCAN_PAGE) this.#exhausted = true;
    else {
      const last = page.at(-1)!;
      this.#after = { at: Number(last.next_check_at), id: last.id };
    }
  }
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

/** A link claimed for its re-check: the post whose page is fetched and the host of the link. */
export interface DueRecheck {
  linkId: number;
  ownerId: number;
  postId: number;
  host: string;
}

/**
 * Claims up to `batch` due links (at most `hostRoom(host)` of each host) for their re-check, in
 * per-host turns (a page fetch waits for its host's slots: a run of one blog's links would hold
 * every running check). `noneDue`: no link at all was due. A caller claiming again and again
 * passes its DueLinkCandidates: what one claim read and left is chosen from by the next.
 */
export async function claimDueRechecks(
  db: Kysely<DB>, now: number, batch: number, hostRoom: HostRoom = () => Infinity, candidates = new DueLinkCandidates(),
): Promise<{ claimed: DueRecheck[]; noneDue: boolean }> {
  const chosen = await candidates.choose(db, now, batch, hostRoom);
  const claimed: DueRecheck[] = [];
  for (const link of interleaveByHost(await claimDueLinks(db, now, chosen.ids))) {
    if (link.post_id !== null) claimed.push({ linkId: link.id, ownerId: link.owner_id, postId: link.post_id, host: pageHost(link.url) });
  }
  return { claimed, noneDue: chosen.noneDue };
}
