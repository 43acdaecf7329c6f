import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/** The sites of a project's grid: which are ticked, and each one's status and progress. */
export function projectSitesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await parentColumn(ownedTable(db, 'project_sites', dialect), 'project_id', 'projects')
        .addColumn('site_key', 'varchar(512)', (c) => c.notNull())
        .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('NONE'))
        .addColumn('wait_info', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // Also the index a project's rows are read by (project_id first).
        .addUniqueConstraint('project_sites_site_uq', ['project_id', 'site_key'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('project_sites').execute();
    },
  };
}
