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
        for (const trigger of ['url_items_search_insert', 'url_items_search_delete', 'url_items_search_update', 'url_items_count_insert', 'url_items_count_delete', 'url_items_count_move']) {
          await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
        }
        await sql`drop table if exists url_items_search`.execute(db);
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
  // trigram (no positions, no sizes): a third less to write per imported link than the full index,
  // and a LIKE never needed the rest.
  await sql`create virtual table url_items_search using fts5(url, anchor, content='url_items', content_rowid='id', tokenize='trigram case_sensitive 0', detail=none, columnsize=0)`.execute(db);
  await sql`insert into url_items_search(url_items_search) values ('rebuild')`.execute(db);
  await sql`create trigger url_items_search_insert after insert on url_items begin
    insert into url_items_search(rowid, url, anchor) values (new.id, new.url, new.anchor);
  end`.execute(db);
  await sql`create trigger url_items_search_delete after delete on url_items begin
    insert into url_items_search(url_items_search, rowid, url, anchor) values ('delete', old.id, old.url, old.anchor);
  end`.execute(db);
  await sql`create trigger url_items_search_update after update of url, anchor on url_items begin
    insert into url_items_search(url_items_search, rowid, url, anchor) values ('delete', old.id, old.url, old.anchor);
    insert into url_items_search(rowid, url, anchor) values (new.id, new.url, new.anchor);
  end`.execute(db);
  await sql`create trigger url_items_count_insert after insert on url_items begin
    update url_lists set link_count = link_count + 1 where id = new.url_list_id;
  end`.execute(db);
  await sql`create trigger url_items_count_delete after delete on url_items begin
    update url_lists set link_count = link_count - 1 where id = old.url_list_id;
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
