import type { Kysely } from 'kysely';
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

      // Links carry no created_at of their own: date_added is the spec's field.
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
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('url_items').execute();
      await db.schema.dropTable('url_lists').execute();
    },
  };
}
