import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { linkInsertTriggerStatements } from '../link-search-trigger';

/**
 * Issue 40 item 6: deep pages of a large link set. The link list keeps, per link set and order,
 * where every thousandth link stands (platform/db/page-anchors.ts, used by
 * features/link-items/link-items.repository.ts), so page 5,000 of a million links is a seek and a
 * short skip instead of a walk over 499,900 index entries. Those
 * anchors hold while the set's order is what it was: `url_lists.order_stamp` moves with every
 * write that can change it — a link added (by itself or by an import's chunk), removed, moved to
 * another set, or with another URL, anchor or date added — in the same transaction, by triggers,
 * so no write path can forget it. A check of a link (its status, info, dates) leaves it alone.
 *
 * SQLite: a link added on its own is stamped by the per-connection TEMP trigger that indexes and
 * counts it (platform/db/link-search-trigger.ts; an import's connection adds none, for the speed of
 * its inserts), in the same statement as its count; an import's links by its marker's heartbeat,
 * chunk by chunk, and by the marker's removal; a link removed by 0018's delete trigger, again in its
 * count's statement (a set of a million links deleted pays no second update per link).
 * PostgreSQL: once per statement for inserts and deletes (transition tables), per changed row for
 * updates.
 */
export function linkOrderStampMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('url_lists').addColumn('order_stamp', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') {
        for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
        await sql`drop trigger url_items_search_delete`.execute(db);
        await createSqliteDeleteTrigger(db, false);
        // The migrating connection's own insert trigger names the column too.
        for (const statement of linkInsertTriggerStatements(false)) await sql.raw(statement).execute(db);
      } else {
        for (const [trigger, fn] of POSTGRES_TRIGGERS) {
          await sql`drop trigger if exists ${sql.raw(trigger)} on url_items`.execute(db);
          await sql`drop function if exists ${sql.raw(fn)}()`.execute(db);
        }
      }
      await db.schema.alterTable('url_lists').dropColumn('order_stamp').execute();
    },
  };
}

const SQLITE_TRIGGERS = ['url_items_order_update', 'url_items_order_import_chunk', 'url_items_order_import_finish'];

/** Whether an update changed what a listing sorts or groups by. */
const ORDER_CHANGED = `new.url is not old.url or new.anchor is not old.anchor or new.date_added is not old.date_added or new.url_list_id is not old.url_list_id`;

/**
 * 0018's delete trigger (only a row in the search index may leave it), counting and, when
 * `stamped`, stamping in one statement.
 */
async function createSqliteDeleteTrigger(db: Kysely<unknown>, stamped: boolean): Promise<void> {
  const indexed = sql.raw('(old.import_id is null or not exists (select 1 from pending_imports where pending_imports.id = old.import_id and old.id > pending_imports.indexed_to))');
  const stamp = sql.raw(stamped ? ', order_stamp = order_stamp + 1' : '');
  await sql`create trigger url_items_search_delete after delete on url_items when ${indexed} begin
    insert into url_items_search(url_items_search, rowid, url, anchor) values ('delete', old.id, old.url, old.anchor);
    update url_lists set link_count = link_count - 1${stamp} where id = old.url_list_id;
  end`.execute(db);
}

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  // A row of an import still under way (not indexed yet) leaves through the import's undo, whose end
  // (the marker's removal) stamps the set below.
  await sql`drop trigger url_items_search_delete`.execute(db);
  await createSqliteDeleteTrigger(db, true);
  await sql`create trigger url_items_order_update after update of url, anchor, date_added, url_list_id on url_items when ${sql.raw(ORDER_CHANGED)} begin
    update url_lists set order_stamp = order_stamp + 1 where id in (old.url_list_id, new.url_list_id);
  end`.execute(db);
  // An import's rows are listed chunk by chunk as they commit: each chunk renews the marker's heartbeat.
  await sql`create trigger url_items_order_import_chunk after update of heartbeat_at on pending_imports when new.kind = 'links' begin
    update url_lists set order_stamp = order_stamp + 1 where id = new.target_id;
  end`.execute(db);
  await sql`create trigger url_items_order_import_finish after delete on pending_imports when old.kind = 'links' begin
    update url_lists set order_stamp = order_stamp + 1 where id = old.target_id;
  end`.execute(db);
}

const POSTGRES_TRIGGERS = [
  ['url_items_order_insert', 'url_items_order_insert'],
  ['url_items_order_delete', 'url_items_order_delete'],
  ['url_items_order_update', 'url_items_order_update'],
] as const;

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await sql`create function url_items_order_insert() returns trigger language plpgsql as $$
    begin
      update url_lists set order_stamp = order_stamp + 1 where id in (select distinct url_list_id from new_rows);
      return null;
    end $$`.execute(db);
  await sql`create function url_items_order_delete() returns trigger language plpgsql as $$
    begin
      update url_lists set order_stamp = order_stamp + 1 where id in (select distinct url_list_id from old_rows);
      return null;
    end $$`.execute(db);
  await sql`create function url_items_order_update() returns trigger language plpgsql as $$
    begin
      update url_lists set order_stamp = order_stamp + 1 where id in (old.url_list_id, new.url_list_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger url_items_order_insert after insert on url_items referencing new table as new_rows for each statement execute function url_items_order_insert()`.execute(db);
  await sql`create trigger url_items_order_delete after delete on url_items referencing old table as old_rows for each statement execute function url_items_order_delete()`.execute(db);
  // PostgreSQL takes no transition tables on a trigger with a column list: per changed row (edits, moves, republished links: a few rows).
  await sql`create trigger url_items_order_update after update of url, anchor, date_added, url_list_id on url_items for each row
    when (new.url is distinct from old.url or new.anchor is distinct from old.anchor or new.date_added is distinct from old.date_added or new.url_list_id is distinct from old.url_list_id)
    execute function url_items_order_update()`.execute(db);
}
