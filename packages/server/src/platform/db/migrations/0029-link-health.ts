import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/**
 * Link health (issue 18): every check of a published link appends a row to link_check_history
 * (status OK, NOFOLLOW, MISSING, GONE or ERROR, the page's HTTP status, whether the anchor was
 * found, the reason), and url_items.next_check_at holds when the link is due for its next
 * re-check (null: not scheduled). The scheduler's pass reads the due links through
 * url_items_next_check_idx in bounded batches; a link's history is read newest first through
 * link_check_history_item_idx. Links published and checked before this version are scheduled
 * over the day after the upgrade (one second slot per id modulo a day), not all at one instant.
 */
export function linkHealthMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await parentColumn(ownedTable(db, 'link_check_history', dialect), 'url_item_id', 'url_items')
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('anchor_found', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('link_check_history_item_idx').on('link_check_history').columns(['url_item_id', 'checked_at']).execute();
      await db.schema.alterTable('url_items').addColumn('next_check_at', 'bigint').execute();
      await db.schema.createIndex('url_items_next_check_idx').on('url_items').columns(['next_check_at']).execute();
      const upgradedAt = sql.lit(Date.now());
      await sql`update url_items set next_check_at = ${upgradedAt} + (id % 86400) * 1000
        where post_id is not null and check_status in ('OK', 'NOFOLLOW', 'MISSING', 'ERROR')`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('url_items_next_check_idx').execute();
      await db.schema.alterTable('url_items').dropColumn('next_check_at').execute();
      await db.schema.dropTable('link_check_history').execute();
    },
  };
}
