import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

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
export const LINK_SEARCH_INSERT_TRIGGER = `create temp trigger if not exists url_items_index_new_link after insert on main.url_items when new.import_id is null begin
  insert into url_items_search(rowid, url, anchor) values (new.id, new.url, new.anchor);
  update url_lists set link_count = link_count + 1 where id = new.url_list_id;
end`;

/** The name migration 0018 gave the persistent trigger that 0025 replaces. */
export const PERSISTENT_INSERT_TRIGGER = 'url_items_search_insert';

const STATE = `select
  exists (select 1 from main.sqlite_master where type = 'table' and name = 'url_items_search') as search,
  exists (select 1 from main.sqlite_master where type = 'trigger' and name = '${PERSISTENT_INSERT_TRIGGER}') as persistent`;

/**
 * Adds this connection's trigger once the search index exists and the persistent trigger is gone
 * (never both: a link would be indexed and counted twice). Called when a connection opens and
 * again after migrations, which may have just made that so.
 */
export function keepLinkSearchInStep(sqlite: SQLite.Database): void {
  const state = sqlite.prepare(STATE).get() as { search: number; persistent: number };
  if (state.search === 1 && state.persistent === 0) sqlite.exec(LINK_SEARCH_INSERT_TRIGGER);
}

/** The same, through Kysely on the connection that just ran the migrations. */
export async function keepLinkSearchInStepAfterMigrations<T>(db: Kysely<T>): Promise<void> {
  const { rows } = await sql<{ search: number; persistent: number }>`${sql.raw(STATE)}`.execute(db);
  if (rows[0]?.search === 1 && rows[0].persistent === 0) await sql.raw(LINK_SEARCH_INSERT_TRIGGER).execute(db);
}

/**
 * Indexes and counts, in two statements, links a connection without the trigger wrote outside any
 * import (benchmarks loading rows straight into SQLite): what an index build in bulk costs.
 */
export function indexLinksInBulk(sqlite: SQLite.Database, urlListId: number): void {
  sqlite.prepare('insert into url_items_search(rowid, url, anchor) select id, url, anchor from url_items where url_list_id = ?').run(urlListId);
  sqlite.prepare('update url_lists set link_count = (select count(*) from url_items where url_list_id = ?) where id = ?').run(urlListId, urlListId);
}
