import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_RECHECK_SCHEDULE, nextRecheckAt, targetHealth, type ExpectedBacklink, type LinkCheckStatus, type LinkHistoryStatus, type RecheckSchedule } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import type { UrlItemsTable } from '../seams';
import type { PostRow } from '../runner/runs.repository';
import { GroupRuns } from '../../platform/runtime/group-runs';
import { reusableQuery } from '../../platform/db/dialect';

type Db = Kysely<DB>;

// Built and compiled once per database (reusableQuery): post.verify runs them for every re-checked link.
const outputLinkById = reusableQuery((db, id: number, ownerId: number) =>
  db.selectFrom('url_items').select(['id', 'url_list_id']).where('id', '=', id).where('owner_id', '=', ownerId));
const outputLinkByPost = reusableQuery((db, postId: number, ownerId: number) =>
  db.selectFrom('url_items').select(['id', 'url_list_id']).where('post_id', '=', postId).where('owner_id', '=', ownerId).orderBy('id').limit(1));
const placedLinksOf = reusableQuery((db, postId: number, ownerId: number) =>
  db.selectFrom('engine_post_links').select(['url', 'anchor']).where('post_id', '=', postId).where('owner_id', '=', ownerId).orderBy('id'));

/** The output link a published post added (its url_item_id, or the link that names the post). */
export async function outputLinkOfPost(db: Db, ownerId: number, post: Pick<PostRow, 'id' | 'url_item_id'>): Promise<Pick<Selectable<UrlItemsTable>, 'id' | 'url_list_id'> | undefined> {
  const found = post.url_item_id !== null ? await outputLinkById(db, post.url_item_id, ownerId) : await outputLinkByPost(db, post.id, ownerId);
  return found.rows[0];
}

/** The links the engine placed in a post: what its page must carry. */
export async function placedLinks(db: Db, ownerId: number, postId: number): Promise<ExpectedBacklink[]> {
  return (await placedLinksOf(db, postId, ownerId)).rows;
}

/** What a finished check appends to the link's history (link_check_history, issue 18). */
export interface HistoryEntry {
  status: LinkHistoryStatus;
  httpStatus: number | null;
  anchorFound: boolean | null;
}

/** The planner needs the latest check and the ERRORs in a row before it: this many rows are plenty. */
const HISTORY_FOR_PLAN = 32;

interface CheckToStore {
  ownerId: number;
  urlItemId: number;
  check: { status: LinkCheckStatus; info: string | null; checkedAt: number | null };
  history: HistoryEntry | undefined;
  schedule: RecheckSchedule;
}

/** Checks landing together (post.verify runs 20 to 40 at once) are written in one transaction per database. */
const STORES = new GroupRuns<Db, CheckToStore, boolean>((db, checks) => db.transaction().execute(async (trx) => {
  const stored: boolean[] = [];
  for (const check of checks) stored.push(await storeOneCheck(trx, check));
  return stored;
}));

/**
 * Stores a check of one output link; false when the link no longer exists (deleted meanwhile).
 * A finished check (`history` given) also appends to the link's history and sets next_check_at
 * from the re-check planner, in the same transaction as the status; a check still retrying
 * (PENDING, its next try already queued) leaves the link unscheduled. Checks stored while another
 * store of the same database is in flight are written together in the next transaction (group
 * commit: one commit per burst, never a transaction held across a page fetch).
 */
export function storeCheck(
  db: Db,
  ownerId: number,
  urlItemId: number,
  check: { status: LinkCheckStatus; info: string | null; checkedAt: number | null },
  history?: HistoryEntry,
  schedule: RecheckSchedule = DEFAULT_RECHECK_SCHEDULE,
): Promise<boolean> {
  return STORES.add(db, { ownerId, urlItemId, check, history, schedule });
}

const linkDate = reusableQuery((db, id: number, ownerId: number) =>
  db.selectFrom('url_items').select(['id', 'date_added', 'url']).where('id', '=', id).where('owner_id', '=', ownerId));
const appendHistory = reusableQuery((db, ownerId: number, urlItemId: number, checkedAt: number, status: string, httpStatus: number | null, anchorFound: number | null, reason: string, url: string) =>
  db.insertInto('link_check_history').values({
    owner_id: ownerId, url_item_id: urlItemId, created_at: checkedAt, checked_at: checkedAt, status, http_status: httpStatus, anchor_found: anchorFound, reason, url,
  }));
const recentChecks = reusableQuery((db, urlItemId: number, ownerId: number) =>
  db.selectFrom('link_check_history').select(['checked_at', 'status', 'url'])
    .where('url_item_id', '=', urlItemId).where('owner_id', '=', ownerId)
    .orderBy('checked_at', 'desc').orderBy('id', 'desc').limit(HISTORY_FOR_PLAN));
const setCheck = reusableQuery((db, status: string, info: string | null, checkedAt: number | null, id: number, ownerId: number) =>
  db.updateTable('url_items').set({ check_status: status, check_info: info, checked_at: checkedAt, next_check_at: null })
    .where('id', '=', id).where('owner_id', '=', ownerId));
const setFinishedCheck = reusableQuery((db, status: string, info: string | null, checkedAt: number, nextCheckAt: number | null, deadSince: number | null, deadReason: string | null, id: number, ownerId: number) =>
  db.updateTable('url_items').set({ check_status: status, check_info: info, checked_at: checkedAt, next_check_at: nextCheckAt, dead_since: deadSince, dead_reason: deadReason })
    .where('id', '=', id).where('owner_id', '=', ownerId));

async function storeOneCheck(trx: Db, { ownerId, urlItemId, check, history, schedule }: CheckToStore): Promise<boolean> {
  const link = (await linkDate(trx, urlItemId, ownerId)).rows[0];
  if (!link) return false;
  if (!history || check.checkedAt === null) {
    await setCheck(trx, check.status, check.info, check.checkedAt, urlItemId, ownerId);
    return true;
  }
  const anchorFound = history.anchorFound === null ? null : history.anchorFound ? 1 : 0;
  await appendHistory(trx, ownerId, urlItemId, check.checkedAt, history.status, history.httpStatus, anchorFound, check.info ?? '', link.url);
  const rows = (await recentChecks(trx, urlItemId, ownerId)).rows;
  const past = rows.map((row) => ({ checkedAt: Number(row.checked_at), status: row.status as LinkHistoryStatus }));
  const nextCheckAt = nextRecheckAt({ linkId: urlItemId, publishedAt: Number(link.date_added), checks: past, schedule });
  // Dead counts only the checks of the link's current URL: a re-published post's copy starts afresh
  // (rows without a URL are older than migration 0037's backfill: hand-written ones, counted).
  const verdict = targetHealth(past.filter((_, i) => rows[i]!.url === null || rows[i]!.url === link.url));
  await setFinishedCheck(trx, check.status, check.info, check.checkedAt, nextCheckAt, verdict.dead ? verdict.since : null, verdict.dead ? verdict.reason : null, urlItemId, ownerId);
  return true;
}
