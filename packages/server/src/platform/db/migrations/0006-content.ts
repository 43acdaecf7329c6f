import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/** Content groups (article buckets) and their articles. */
export function contentMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'content_groups', dialect)
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .addColumn('words_not_to_be_changed', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('max_usage_per_article', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('content_groups_owner_idx').on('content_groups').columns(['owner_id', 'id']).execute();

      await parentColumn(ownedTable(db, 'articles', dialect), 'content_group_id', 'content_groups')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('author_bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('usage_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('articles_group_idx').on('articles').columns(['content_group_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('articles').execute();
      await db.schema.dropTable('content_groups').execute();
    },
  };
}
