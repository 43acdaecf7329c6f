import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/** Per-user options (with the privileged flag and IndexNow key), the proxy pool and blocked sites. */
export function optionsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'user_options', dialect)
        .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('privileged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('index_now_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('user_options_owner_uq', ['owner_id'])
        .addUniqueConstraint('user_options_index_now_key_uq', ['index_now_key'])
        .execute();

      await ownedTable(db, 'proxies', dialect)
        .addColumn('host', 'varchar(253)', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('username', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('checked_at', 'bigint')
        .addUniqueConstraint('proxies_identity_uq', ['owner_id', 'host', 'port'])
        .execute();
      // The pool in id order (the table, and the engine's rotation).
      await db.schema.createIndex('proxies_owner_idx').on('proxies').columns(['owner_id', 'id']).execute();

      await ownedTable(db, 'blocked_sites', dialect)
        .addColumn('domain', 'varchar(253)', (c) => c.notNull())
        .addUniqueConstraint('blocked_sites_identity_uq', ['owner_id', 'domain'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('blocked_sites').execute();
      await db.schema.dropTable('proxies').execute();
      await db.schema.dropTable('user_options').execute();
    },
  };
}
