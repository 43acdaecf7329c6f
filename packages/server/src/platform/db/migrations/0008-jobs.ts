import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { idColumn } from './column-types';

/** The durable job queue of the embedded default (engine/queue): jobs survive a restart. */
export function jobsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await idColumn(db.schema.createTable('jobs'), dialect)
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('created'))
        .addColumn('singleton_key', 'varchar(255)')
        .addColumn('start_after', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retry_limit', 'integer', (c) => c.notNull())
        .addColumn('retry_delay', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .execute();
      // Claiming reads created jobs of one name by start time; reaping reads active ones by lease.
      await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['state', 'name', 'start_after']).execute();
      await db.schema
        .createIndex('jobs_singleton_uq')
        .on('jobs')
        .columns(['name', 'singleton_key'])
        .unique()
        .where(sql<boolean>`state in ('created', 'active') and singleton_key is not null`)
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('jobs').execute();
    },
  };
}
