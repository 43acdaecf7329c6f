import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/** The name of the per-connection trigger. */
const TEMP_INSERT_TRIGGER = 'url_items_index_new_link';

/**
 * SQLite keeps its link search index (migration 0018) and link counts in step with links written
 * one by one through a TEMP trigger, which every connection opened by openDatabase adds for itself
 * (migration 0025 dropped the persistent one). A large import's connection (its worker thread,
 * features/link-items/sqlite-link-chunks.ts) adds none: its rows are indexed a transaction at a
 * time by the pending import's heartbeat trigger. An AFTER INSERT trigger costs every inserted row
 * a call of its program even when its WHEN clause is false — measured at 1M rows, it made an
 * import 2–3× slower than the same rows without it — so only connections that write single links
 * pay for it.
 */
const LINK_SEARCH_INSERT_TRIGGER = linkInsertTrigger(false);

/**
 * The same trigger once migration 0044 has given link sets their order stamp: the link's set is
 * counted and stamped in one statement (the link list's page anchors read the stamp:
 * features/link-items/link-items.repository.ts, linkPageStart).
 */
const LINK_SEARCH_INSERT_TRIGGER_STAMPED = linkInsertTrigger(true);

function linkInsertTrigger(stamped: boolean): string {
  return `create temp trigger if not exists ${TEMP_INSERT_TRIGGER} after insert on main.url_items when new.import_id is null begin
  insert into url_items_search(rowid, url, anchor) values (new.id, new.url, new.anchor);
  update url_lists set link_count = link_count + 1${stamped ? ', order_stamp = order_stamp + 1' : ''} where id = new.url_list_id;
end`;
}

/** The name migration 0018 gave the persistent trigger that 0025 replaces. */
export const PERSISTENT_INSERT_TRIGGER = 'url_items_search_insert';

const STATE = `select
  exists (select 1 from main.sqlite_master where type = 'table' and name = 'url_items_search') as search,
  exists (select 1 from main.sqlite_master where type = 'trigger' and name = '${PERSISTENT_INSERT_TRIGGER}') as persistent,
  exists (select 1 from pragma_table_info('url_lists') where name = 'order_stamp') as stamped`;

interface TriggerState {
  search: number;
  persistent: number;
  stamped: number;
}

/**
 * The statements that give this connection the trigger its schema calls for (none while the search
 * index does not exist or the persistent trigger is still there: a link would be indexed and
 * counted twice). The trigger is made again each time: a connection opened before migration 0044
 * has the one without the stamp.
 */
function triggerStatements(state: TriggerState): string[] {
  if (state.search !== 1 || state.persistent !== 0) return [];
  return linkInsertTriggerStatements(state.stamped === 1);
}

/** This connection's trigger made again, with or without the stamp (migration 0044 going down takes it away first). */
export function linkInsertTriggerStatements(stamped: boolean): string[] {
  return [`drop trigger if exists temp.${TEMP_INSERT_TRIGGER}`, stamped ? LINK_SEARCH_INSERT_TRIGGER_STAMPED : LINK_SEARCH_INSERT_TRIGGER];
}

/** Called when a connection opens and again after migrations, which may have just changed what it needs. */
export function keepLinkSearchInStep(sqlite: SQLite.Database): void {
  for (const statement of triggerStatements(sqlite.prepare(STATE).get() as TriggerState)) sqlite.exec(statement);
}

/** The same, through Kysely on the connection that just ran the migrations. */
export async function keepLinkSearchInStepAfterMigrations<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<TriggerState>`${sql.raw(STATE)}`.execute(db);
  for (const statement of rows[0] ? triggerStatements(rows[0]) : []) await sql.raw(statement).execute(db);
}

/**
 * Indexes and counts, in two statements, links a connection without the trigger wrote outside any
 * import (benchmarks loading rows straight into SQLite): what an index build in bulk costs.
 */
export function indexLinksInBulk(sqlite: SQLite.Database, urlListId: number): void {
  sqlite.prepare('insert into url_items_search(rowid, url, anchor) select id, url, anchor from url_items where url_list_id = ?').run(urlListId);
  sqlite.prepare('update url_lists set link_count = (select count(*) from url_items where url_list_id = ?) where id = ?').run(urlListId, urlListId);
}
