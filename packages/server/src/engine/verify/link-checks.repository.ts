import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { DEFAULT_RECHECK_SCHEDULE, nextRecheckAt, targetHealth, type ExpectedBacklink, type LinkCheckStatus, type LinkHistoryStatus, type RecheckSchedule } from '@linkloom/shared';
import type { DB } from '../../platform/db/schema';
import type { PostRow } from '../runner/runs.repository';
import { GroupRuns } from '../../platform/runtime/group-runs';
import { reusableQuery, type Database } from '../../platform/db/dialect';
import type { LinkDied, LinkRevived } from './link-events';

type Db = Kysely<DB>;

// Built and compiled once per database (reusableQuery): post.verify runs them for every re-checked link.

/**
 * Everything post.verify reads before the fetch, in one statement (one row per placed link, or one
 * row when there is none): the post, its output link (its url_item_id, or the first link that
 * names the post), when the user's options were last saved, and the links placed in the post.
 */
const postToVerify = reusableQuery((db, postId: number, ownerId: number) =>
  db.selectFrom('engine_posts as p')
    .leftJoin('url_items as output', (join) => join
      .on('output.id', '=', (eb) => eb.fn.coalesce('p.url_item_id', eb.selectFrom('url_items as named')
        .select('named.id').where('named.post_id', '=', eb.ref('p.id')).where('named.owner_id', '=', eb.ref('p.owner_id')).orderBy('named.id').limit(1)))
      .onRef('output.owner_id', '=', 'p.owner_id'))
    .leftJoin('engine_post_links as placed', (join) => join.onRef('placed.post_id', '=', 'p.id').onRef('placed.owner_id', '=', 'p.owner_id'))
    .selectAll('p')
    .select((eb) => [
      'output.id as output_link_id', 'output.url_list_id as output_link_set_id', 'output.check_status as output_check_status',
      'placed.url as placed_url', 'placed.anchor as placed_anchor',
      eb.selectFrom('user_options').select('user_options.updated_at').where('user_options.owner_id', '=', eb.ref('p.owner_id')).as('options_updated_at'),
      // Whether the output link's current URL was checked before (a re-check, not the check right after publishing).
      eb.selectFrom('link_check_history as h').select('h.id').where('h.url_item_id', '=', eb.ref('output.id')).where('h.owner_id', '=', eb.ref('p.owner_id'))
        .where((inner) => inner.or([inner('h.url', '=', inner.ref('output.url')), inner('h.url', 'is', null)])).limit(1).as('checked_before'),
    ])
    .where('p.id', '=', postId).where('p.owner_id', '=', ownerId)
    .orderBy('placed.id'));

/** A post to verify as {@link readPostToVerify} finds it. */
export interface PostToVerify {
  post: PostRow;
  /** The output link the post added; undefined when it is gone. */
  link: { id: number; url_list_id: number } | undefined;
  /** The links the engine placed in the post: what its page must carry. */
  placed: ExpectedBacklink[];
  /** updated_at of the user's options row (optionsAsOf); null when the user has none. */
  optionsUpdatedAt: number | null;
  /** The output link's current URL has a finished check already (or the link a finished status): this is a re-check. */
  rechecking: boolean;
}

/** url_items.check_status values a finished check leaves (NONE: never checked; PENDING: retrying). */
const FINISHED_CHECK_STATUSES = new Set(['OK', 'NOFOLLOW', 'MISSING', 'ERROR']);

/** The post (the user's own only), its output link, its placed links and its owner's options' updated_at, in one read. */
export async function readPostToVerify(db: Db, ownerId: number, postId: number): Promise<PostToVerify | undefined> {
  const { rows } = await postToVerify(db, postId, ownerId);
  const first = rows[0];
  if (!first) return undefined;
  const {
    output_link_id: linkId, output_link_set_id: linkSetId, output_check_status: checkStatus, placed_url: _url, placed_anchor: _anchor,
    options_updated_at: optionsUpdatedAt, checked_before: checkedBefore, ...post
  } = first;
  const placed: ExpectedBacklink[] = [];
  for (const row of rows) if (row.placed_url !== null && row.placed_anchor !== null) placed.push({ url: row.placed_url, anchor: row.placed_anchor });
  return {
    post,
    link: linkId !== null && linkSetId !== null ? { id: Number(linkId), url_list_id: Number(linkSetId) } : undefined,
    placed,
    optionsUpdatedAt: optionsUpdatedAt === null ? null : Number(optionsUpdatedAt),
    // A finished status without a history row: a link checked before link health kept a history.
    rechecking: checkedBefore !== null || (checkStatus !== null && FINISHED_CHECK_STATUSES.has(checkStatus)),
  };
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

/** Where checks are stored: the database's Kysely and, on SQLite, its handle (ctx.database). */
export interface CheckStore {
  db: Db;
  sqlite: Database['sqlite'];
}

/**
 * A database's check transactions start at least this far apart: the checks landing meanwhile are
 * written together (a commit costs about as much as three checks' statements on SQLite).
 */
const STORE_SPACING_MS = 20;

/**
 * Checks landing together (post.verify runs 20 to 40 at once) are written in one transaction per
 * database, at most one every STORE_SPACING_MS. On SQLite the transaction's statements then run
 * back to back on the handle, with no await between them (the transaction holds the one
 * connection meanwhile, as any would).
 */
const STORES = new GroupRuns<CheckStore, CheckToStore, StoredCheck>((store, checks) => store.db.transaction().execute(async (trx) => {
  const { sqlite } = store;
  if (sqlite) return checks.map((check) => storeOneCheckNow(sqlite, check));
  const stored: StoredCheck[] = [];
  for (const check of checks) stored.push(await storeOneCheck(trx, check));
  return stored;
}), { spacingMs: STORE_SPACING_MS });

/** What storing one check did: whether the link still exists, and the verdict change it made (committed when this resolves). */
export interface StoredCheck {
  stored: boolean;
  /** The check made the link dead (it was alive before). */
  died?: LinkDied;
  /** The check found a dead link alive again. */
  revived?: LinkRevived;
}
const NOT_STORED: StoredCheck = { stored: false };
const STORED: StoredCheck = { stored: true };

/**
 * Stores a check of one output link; false when the link no longer exists (deleted meanwhile).
 * A finished check (`history` given) also appends to the link's history and sets next_check_at
 * from the re-check planner, in the same transaction as the status; a check still retrying
 * (PENDING, its next try already queued) leaves the link unscheduled. Checks stored while another
 * store of the same database is in flight are written together in the next transaction (group
 * commit: one commit per burst, never a transaction held across a page fetch).
 */
export function storeCheck(
  store: CheckStore,
  ownerId: number,
  urlItemId: number,
  check: { status: LinkCheckStatus; info: string | null; checkedAt: number | null },
  history?: HistoryEntry,
  schedule: RecheckSchedule = DEFAULT_RECHECK_SCHEDULE,
): Promise<boolean> {
  return storeCheckOutcome(store, ownerId, urlItemId, check, history, schedule).then((outcome) => outcome.stored);
}

/** {@link storeCheck} with the verdict change the check made (post.verify tells onLinkDied / onLinkRevived listeners of it once committed). */
export function storeCheckOutcome(
  store: CheckStore,
  ownerId: number,
  urlItemId: number,
  check: { status: LinkCheckStatus; info: string | null; checkedAt: number | null },
  history?: HistoryEntry,
  schedule: RecheckSchedule = DEFAULT_RECHECK_SCHEDULE,
): Promise<StoredCheck> {
  return STORES.add(store, { ownerId, urlItemId, check, history, schedule });
}

/** The link (its date and URL) with its latest checks, newest first: one row with null check fields when it has none, no row when the link is gone. */
const linkWithRecentChecks = reusableQuery((db, urlItemId: number, ownerId: number) =>
  db.selectFrom('url_items as link')
    .leftJoin((eb) => eb.selectFrom('link_check_history').select(['id', 'checked_at', 'status', 'url'])
      .where('url_item_id', '=', urlItemId).where('owner_id', '=', ownerId)
      .orderBy('checked_at', 'desc').orderBy('id', 'desc').limit(HISTORY_FOR_PLAN)
      .as('recent'), (join) => join.onTrue())
    .select(['link.date_added', 'link.url', 'link.url_list_id', 'link.dead_since', 'recent.checked_at', 'recent.status', 'recent.url as checked_url'])
    .where('link.id', '=', urlItemId).where('link.owner_id', '=', ownerId)
    .orderBy('recent.checked_at', 'desc').orderBy('recent.id', 'desc'));
const appendHistory = reusableQuery((db, ownerId: number, urlItemId: number, checkedAt: number, status: string, httpStatus: number | null, anchorFound: number | null, reason: string, url: string) =>
  db.insertInto('link_check_history').values({
    owner_id: ownerId, url_item_id: urlItemId, created_at: checkedAt, checked_at: checkedAt, status, http_status: httpStatus, anchor_found: anchorFound, reason, url,
  }));
const setCheck = reusableQuery((db, status: string, info: string | null, checkedAt: number | null, id: number, ownerId: number) =>
  db.updateTable('url_items').set({ check_status: status, check_info: info, checked_at: checkedAt, next_check_at: null })
    .where('id', '=', id).where('owner_id', '=', ownerId));
const setFinishedCheck = reusableQuery((db, status: string, info: string | null, checkedAt: number, nextCheckAt: number | null, deadSince: number | null, deadReason: string | null, id: number, ownerId: number) =>
  db.updateTable('url_items').set({ check_status: status, check_info: info, checked_at: checkedAt, next_check_at: nextCheckAt, dead_since: deadSince, dead_reason: deadReason })
    .where('id', '=', id).where('owner_id', '=', ownerId));

/** A check of the link's history as the planner and the dead verdict read it (url null: older than migration 0037's backfill). */
interface PastCheck {
  checkedAt: number;
  status: LinkHistoryStatus;
  url: string | null;
}

/** The link as the store reads it, with its latest checks (rows of linkWithRecentChecks). */
interface LinkWithCheck {
  date_added: number;
  url: string;
  url_list_id: number;
  dead_since: number | null;
  checked_at: number | null;
  status: string | null;
  checked_url: string | null;
}

/** What a finished check writes: its history row's values and the link's new status fields. */
interface FinishedCheckWrite {
  anchorFound: number | null;
  url: string;
  nextCheckAt: number;
  deadSince: number | null;
  deadReason: string | null;
  /** The verdict change this check makes (the link was alive / dead before it). */
  died?: LinkDied;
  revived?: LinkRevived;
}

/**
 * The planner reads the checks as the table will hold them with the new row: newest first
 * (checked_at, then id — the new row's is the largest), at most HISTORY_FOR_PLAN; the dead
 * verdict counts only the checks of the link's current URL (a re-published post's copy starts
 * afresh; rows without a URL are older than migration 0037's backfill: hand-written ones, counted).
 */
function planFinishedCheck(rows: readonly LinkWithCheck[], { ownerId, urlItemId, schedule }: CheckToStore, checkedAt: number, history: HistoryEntry): FinishedCheckWrite {
  const link = rows[0]!;
  const past: PastCheck[] = [];
  let added = false;
  for (const row of rows) {
    if (row.checked_at === null || row.status === null) continue;
    const at = Number(row.checked_at);
    if (!added && at <= checkedAt) {
      past.push({ checkedAt, status: history.status, url: link.url });
      added = true;
    }
    past.push({ checkedAt: at, status: row.status as LinkHistoryStatus, url: row.checked_url });
  }
  if (!added) past.push({ checkedAt, status: history.status, url: link.url });
  past.length = Math.min(past.length, HISTORY_FOR_PLAN);
  // The planner (a dead check waiting for its confirmation, errors in a row) and the verdict read the current URL's checks.
  const current = past.filter((row) => row.url === null || row.url === link.url);
  const nextCheckAt = nextRecheckAt({ linkId: urlItemId, publishedAt: Number(link.date_added), checks: current, schedule });
  const verdict = targetHealth(current);
  const wasDead = link.dead_since !== null;
  const change = { ownerId, urlItemId, urlListId: Number(link.url_list_id), url: link.url, httpStatus: history.httpStatus };
  return {
    anchorFound: history.anchorFound === null ? null : history.anchorFound ? 1 : 0,
    url: link.url,
    nextCheckAt,
    deadSince: verdict.dead ? verdict.since : null,
    deadReason: verdict.dead ? verdict.reason : null,
    ...(verdict.dead && !wasDead ? { died: { ...change, reason: verdict.reason, since: verdict.since } } : {}),
    ...(!verdict.dead && wasDead ? { revived: { ...change, at: checkedAt } } : {}),
  };
}

function outcomeOf(write: FinishedCheckWrite): StoredCheck {
  return { stored: true, ...(write.died ? { died: write.died } : {}), ...(write.revived ? { revived: write.revived } : {}) };
}

/**
 * Three statements a finished check, one a retrying one: the link and its latest checks in one
 * read (none: the link is gone, nothing is written), the new history row, the link's status with
 * its next due time and dead verdict (planFinishedCheck).
 */
async function storeOneCheck(trx: Db, toStore: CheckToStore): Promise<StoredCheck> {
  const { ownerId, urlItemId, check, history } = toStore;
  if (!history || check.checkedAt === null) {
    const { numAffectedRows } = await setCheck(trx, check.status, check.info, check.checkedAt, urlItemId, ownerId);
    return Number(numAffectedRows ?? 0) > 0 ? STORED : NOT_STORED;
  }
  const rows = (await linkWithRecentChecks(trx, urlItemId, ownerId)).rows;
  if (rows.length === 0) return NOT_STORED;
  const write = planFinishedCheck(rows, toStore, check.checkedAt, history);
  await appendHistory(trx, ownerId, urlItemId, check.checkedAt, history.status, history.httpStatus, write.anchorFound, check.info ?? '', write.url);
  await setFinishedCheck(trx, check.status, check.info, check.checkedAt, write.nextCheckAt, write.deadSince, write.deadReason, urlItemId, ownerId);
  return outcomeOf(write);
}

type SqliteHandle = NonNullable<Database['sqlite']>;
type Statement = SQLite.Statement<unknown[]>;

/** The same statements as SQLite text, prepared once per handle (parameters in the order of the Kysely ones above). */
const SQLITE_STORE_SQL = {
  linkWithRecentChecks: `select link.date_added, link.url, link.url_list_id, link.dead_since, recent.checked_at, recent.status, recent.url as checked_url from url_items as link
    left join (select id, checked_at, status, url from link_check_history where url_item_id = ? and owner_id = ? order by checked_at desc, id desc limit ${HISTORY_FOR_PLAN}) as recent on true
    where link.id = ? and link.owner_id = ? order by recent.checked_at desc, recent.id desc`,
  appendHistory: `insert into link_check_history (owner_id, url_item_id, created_at, checked_at, status, http_status, anchor_found, reason, url)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  setCheck: 'update url_items set check_status = ?, check_info = ?, checked_at = ?, next_check_at = null where id = ? and owner_id = ?',
  setFinishedCheck: `update url_items set check_status = ?, check_info = ?, checked_at = ?, next_check_at = ?, dead_since = ?, dead_reason = ?
    where id = ? and owner_id = ?`,
} as const;
const prepared = new WeakMap<SqliteHandle, Record<keyof typeof SQLITE_STORE_SQL, Statement>>();

function statementsOf(sqlite: SqliteHandle): Record<keyof typeof SQLITE_STORE_SQL, Statement> {
  let statements = prepared.get(sqlite);
  if (!statements) {
    statements = {
      linkWithRecentChecks: sqlite.prepare<unknown[]>(SQLITE_STORE_SQL.linkWithRecentChecks),
      appendHistory: sqlite.prepare<unknown[]>(SQLITE_STORE_SQL.appendHistory),
      setCheck: sqlite.prepare<unknown[]>(SQLITE_STORE_SQL.setCheck),
      setFinishedCheck: sqlite.prepare<unknown[]>(SQLITE_STORE_SQL.setFinishedCheck),
    };
    prepared.set(sqlite, statements);
  }
  return statements;
}

/** storeOneCheck on SQLite's handle, synchronously, inside the group's transaction. */
function storeOneCheckNow(sqlite: SqliteHandle, toStore: CheckToStore): StoredCheck {
  const statements = statementsOf(sqlite);
  const { ownerId, urlItemId, check, history } = toStore;
  if (!history || check.checkedAt === null) {
    return statements.setCheck.run(check.status, check.info, check.checkedAt, urlItemId, ownerId).changes > 0 ? STORED : NOT_STORED;
  }
  const rows = statements.linkWithRecentChecks.all(urlItemId, ownerId, urlItemId, ownerId) as LinkWithCheck[];
  if (rows.length === 0) return NOT_STORED;
  const write = planFinishedCheck(rows, toStore, check.checkedAt, history);
  statements.appendHistory.run(ownerId, urlItemId, check.checkedAt, check.checkedAt, history.status, history.httpStatus, write.anchorFound, check.info ?? '', write.url);
  statements.setFinishedCheck.run(check.status, check.info, check.checkedAt, write.nextCheckAt, write.deadSince, write.deadReason, urlItemId, ownerId);
  return outcomeOf(write);
}
