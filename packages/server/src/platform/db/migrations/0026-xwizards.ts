import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/**
 * Saved wizards (spec 2 §3 "Wizard"): the name, the strategy it was made from (a built-in id below
 * 101 or one of the user's; no foreign key, built-ins live in code) and the wizard as JSON text.
 */
export function xwizardsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'xwizards', dialect)
        .addColumn('name', 'varchar(512)', (c) => c.notNull())
        .addColumn('strategy_id', 'integer')
        .addColumn('wizard', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('xwizards_owner_idx').on('xwizards').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('xwizards').execute();
    },
  };
}
