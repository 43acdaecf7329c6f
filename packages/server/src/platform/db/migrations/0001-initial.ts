import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { idColumn } from './column-types';

/** Users, their sessions, and the first owned table (campaigns). */
export function initialMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await idColumn(db.schema.createTable('users'), dialect)
        .addColumn('username', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(254)', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

      await idColumn(db.schema.createTable('campaigns'), dialect)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(512)', (c) => c.notNull())
        .addColumn('campaign_status', 'varchar(32)', (c) => c.notNull().defaultTo('ACTIVE'))
        .addColumn('creating_type', 'varchar(32)', (c) => c.notNull().defaultTo('Manual'))
        .addColumn('wizard_string', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('campaigns_owner_id_idx').on('campaigns').columns(['owner_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('campaigns').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
