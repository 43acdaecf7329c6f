import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/** Projects of campaigns (their screens and engine come later; rows are made on the campaign screen). */
export function projectsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await parentColumn(ownedTable(db, 'projects', dialect), 'campaign_id', 'campaigns')
        .addColumn('name', 'varchar(512)', (c) => c.notNull())
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('schedule', 'text')
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex('projects_campaign_idx').on('projects').columns(['campaign_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('projects').execute();
    },
  };
}
