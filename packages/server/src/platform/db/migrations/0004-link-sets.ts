import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/** Link sets (URL lists) with their keyword settings, and their links. */
export function linkSetsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await parentColumn(ownedTable(db, 'url_lists', dialect), 'campaign_id', 'campaigns')
        .addColumn('name', 'varchar(512)', (c) => c.notNull())
        .addColumn('use_keyword', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('primary_keyword', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('secondary_keyword', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('branded_keyword', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('generic_keyword', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('primary_percentage', 'integer', (c) => c.notNull().defaultTo(100))
        .addColumn('secondary_percentage', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('branded_percentage', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('generic_percentage', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('naked_url_percentage', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('url_lists_campaign_idx').on('url_lists').columns(['campaign_id', 'id']).execute();

      // created_at (ownedTable) is when the row was written; date_added is the spec's field.
      await parentColumn(ownedTable(db, 'url_items', dialect), 'url_list_id', 'url_lists')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('anchor', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('links_on_page', 'integer')
        .addColumn('site', 'text')
        .addColumn('username', 'text')
        .addColumn('password', 'text')
        .addColumn('pr', 'integer')
        .addColumn('date_added', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('url_items_list_idx').on('url_items').columns(['url_list_id', 'id']).execute();
      // The link set screen sorts a million links by url, anchor or date added and pages deep into
      // them: one index per sort key, ending in id, so a page is found in the index alone. url and
      // anchor are indexed by their first 600 characters (PostgreSQL's btree entries stop at 2,704
      // bytes; 600 characters of 4-byte UTF-8 stay under it); the list sorts by the same expression.
      await db.schema.createIndex('url_items_list_url_idx').on('url_items').expression(sql`url_list_id, substr(url, 1, 600), id`).execute();
      await db.schema.createIndex('url_items_list_anchor_idx').on('url_items').expression(sql`url_list_id, substr(anchor, 1, 600), id`).execute();
      await db.schema.createIndex('url_items_list_date_idx').on('url_items').columns(['url_list_id', 'date_added', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('url_items').execute();
      await db.schema.dropTable('url_lists').execute();
    },
  };
}
