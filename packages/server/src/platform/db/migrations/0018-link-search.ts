import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Issue 10 goal 5, search that does not scan. The link list's substring filters (url, anchor)
 * get an index made for them: on SQLite an FTS5 table with the trigram tokenizer over url_items
 * (external content: it stores only the index), on PostgreSQL pg_trgm GIN indexes, which ILIKE
 * uses as it is. Each link set keeps its number of links (url_lists.link_count), so an unfiltered
 * page does not count the whole set. Triggers keep both in step with every write to url_items —
 * the request thread's, the import worker's on its own connection, and the deletes of an import
 * that never finished — so no writer has to know about them.
 */
export function linkSearchMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('url_lists').addColumn('link_count', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update url_lists set link_count = (select count(*) from url_items where url_items.url_list_id = url_lists.id)`.execute(db);
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        for (const trigger of ['url_items_search_insert', 'url_items_search_chunk', 'url_items_search_finish', 'url_items_search_delete', 'url_items_search_update', 'url_items_count_move']) {
          await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
        }
        await sql`drop table if exists url_items_search`.execute(db);
        await db.schema.alterTable('pending_imports').dropColumn('indexed_to').execute();
      } else {
        await sql`drop trigger if exists url_items_count_insert on url_items`.execute(db);
        await sql`drop trigger if exists url_items_count_delete on url_items`.execute(db);
        await sql`drop function if exists url_items_count_insert()`.execute(db);
        await sql`drop function if exists url_items_count_delete()`.execute(db);
        await sql`drop index if exists url_items_url_trgm_idx`.execute(db);
        await sql`drop index if exists url_items_anchor_trgm_idx`.execute(db);
      }
      await db.schema.alterTable('url_lists').dropColumn('link_count').execute();
    },
  };
}

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  // Queried with LIKE on its columns: the trigrams find candidate rows, which FTS5 checks against
  // url_items with SQLite's own LIKE. detail=none and columnsize=0 keep only which rows hold a
  // trigram (no positions, no sizes): a third less to write per link than the full index, and a
  // LIKE never needed the rest.
  await sql`create virtual table url_items_search using fts5(url, anchor, content='url_items', content_rowid='id', tokenize='trigram case_sensitive 0', detail=none, columnsize=0)`.execute(db);
  await sql`insert into url_items_search(url_items_search) values ('rebuild')`.execute(db);
  // A link written on its own (no import) is indexed and counted as it is inserted.
  await sql`create trigger url_items_search_insert after insert on url_items when new.import_id is null begin
    insert into url_items_search(rowid, url, anchor) values (new.id, new.url, new.anchor);
    update url_lists set link_count = link_count + 1 where id = new.url_list_id;
  end`.execute(db);
  // An import's links are indexed and counted a chunk at a time, in the chunk's own transaction: every
  // chunk ends by renewing its marker's heartbeat (platform/imports), and here the rows it wrote
  // (its import id, above the marker's indexed_to) go into the index in one statement — about ten
  // times faster than a row at a time from the insert trigger, which made an import several times
  // slower. A chunk that never commits leaves nothing behind, so every committed link is indexed.
  await sql`alter table pending_imports add column indexed_to integer not null default 0`.execute(db);
  await sql`create trigger url_items_search_chunk after update of heartbeat_at on pending_imports when new.kind = 'links' begin
    insert into url_items_search(rowid, url, anchor)
      select id, url, anchor from url_items where url_list_id = new.target_id and id > new.indexed_to and import_id = new.id;
    update url_lists set link_count = link_count + (
      select count(*) from url_items where url_list_id = new.target_id and id > new.indexed_to and import_id = new.id
    ) where id = new.target_id;
    update pending_imports set indexed_to = (
      select coalesce(max(id), new.indexed_to) from url_items where url_list_id = new.target_id and id > new.indexed_to and import_id = new.id
    ) where id = new.id;
  end`.execute(db);
  // When the import has finished (its marker gone), rows its chunks left unindexed — none when every
  // chunk renewed its marker as platform/imports does — are indexed and counted at once.
  await sql`create trigger url_items_search_finish after delete on pending_imports when old.kind = 'links' begin
    insert into url_items_search(rowid, url, anchor)
      select id, url, anchor from url_items where url_list_id = old.target_id and id > old.indexed_to and import_id = old.id;
    update url_lists set link_count = link_count + (
      select count(*) from url_items where url_list_id = old.target_id and id > old.indexed_to and import_id = old.id
    ) where id = old.target_id;
  end`.execute(db);
  // Only a row in the index may leave it (deleting one that is not corrupts an FTS5 index): not a row
  // of an import still under way above what its chunks indexed — as when a dead import is undone.
  const indexed = (row: 'old') => sql.raw(`(${row}.import_id is null or not exists (select 1 from pending_imports where pending_imports.id = ${row}.import_id and ${row}.id > pending_imports.indexed_to))`);
  await sql`create trigger url_items_search_delete after delete on url_items when ${indexed('old')} begin
    insert into url_items_search(url_items_search, rowid, url, anchor) values ('delete', old.id, old.url, old.anchor);
    update url_lists set link_count = link_count - 1 where id = old.url_list_id;
  end`.execute(db);
  await sql`create trigger url_items_search_update after update of url, anchor on url_items when ${indexed('old')} begin
    insert into url_items_search(url_items_search, rowid, url, anchor) values ('delete', old.id, old.url, old.anchor);
    insert into url_items_search(rowid, url, anchor) values (new.id, new.url, new.anchor);
  end`.execute(db);
  await sql`create trigger url_items_count_move after update of url_list_id on url_items when new.url_list_id <> old.url_list_id begin
    update url_lists set link_count = link_count - 1 where id = old.url_list_id;
    update url_lists set link_count = link_count + 1 where id = new.url_list_id;
  end`.execute(db);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  // pg_trgm ships with PostgreSQL's contrib modules (Debian: in postgresql-<version> itself) and
  // is a trusted extension: a database owner may create it. Installed once per database, in public
  // unless it is there already; its operator class is named with the schema it lives in, as the
  // connection's search_path may be another schema (DATABASE_SCHEMA).
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const opclass = sql.raw(`${quoteIdentifier(rows[0]!.schema)}.gin_trgm_ops`);
  await sql`create index url_items_url_trgm_idx on url_items using gin (url ${opclass})`.execute(db);
  await sql`create index url_items_anchor_trgm_idx on url_items using gin (anchor ${opclass})`.execute(db);
  // Counted once per statement (transition tables): an import's multi-row insert updates each set once.
  await sql`create function url_items_count_insert() returns trigger language plpgsql as $$
    begin
      update url_lists set link_count = link_count + added.n
        from (select url_list_id, count(*) as n from new_rows group by url_list_id) as added
        where url_lists.id = added.url_list_id;
      return null;
    end $$`.execute(db);
  await sql`create function url_items_count_delete() returns trigger language plpgsql as $$
    begin
      update url_lists set link_count = link_count - removed.n
        from (select url_list_id, count(*) as n from old_rows group by url_list_id) as removed
        where url_lists.id = removed.url_list_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger url_items_count_insert after insert on url_items referencing new table as new_rows for each statement execute function url_items_count_insert()`.execute(db);
  await sql`create trigger url_items_count_delete after delete on url_items referencing old table as old_rows for each statement execute function url_items_count_delete()`.execute(db);
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
