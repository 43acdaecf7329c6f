import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { PERSISTENT_INSERT_TRIGGER } from '../link-search-trigger';

/**
 * Issue 9.2: a large link import at SQLite's own bulk-insert rate. 0018's AFTER INSERT trigger ran
 * for every row an import wrote, though its WHEN clause skips import rows: the call alone cost
 * about 17 µs a row. The trigger moves to each ordinary connection as a TEMP trigger
 * (platform/db/link-search-trigger.ts), which the import's own connection does not add. PostgreSQL
 * is untouched (its counts are per statement, its trigram indexes are PostgreSQL's own).
 */
export function linkSearchPerConnectionMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`drop trigger if exists ${sql.raw(PERSISTENT_INSERT_TRIGGER)}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`drop trigger if exists temp.url_items_index_new_link`.execute(db);
      await sql`create trigger ${sql.raw(PERSISTENT_INSERT_TRIGGER)} after insert on url_items when new.import_id is null begin
        insert into url_items_search(rowid, url, anchor) values (new.id, new.url, new.anchor);
        update url_lists set link_count = link_count + 1 where id = new.url_list_id;
      end`.execute(db);
    },
  };
}
