import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Backlink checks (engine/verify): the campaign screen counts each link set's verified links next
 * to all of them; this index makes that count an index range scan like the total's, however many
 * links a set holds.
 */
export function linkChecksMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('url_items_check_idx').on('url_items').columns(['url_list_id', 'check_status']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('url_items_check_idx').execute();
    },
  };
}
