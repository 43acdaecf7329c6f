import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/** Private networks and their sites (identity: network + site URL + email). */
export function privateNetworksMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'private_networks', dialect)
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('private_networks_owner_idx').on('private_networks').columns(['owner_id', 'id']).execute();

      await parentColumn(ownedTable(db, 'private_sites', dialect), 'private_network_id', 'private_networks')
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .addColumn('platform', 'varchar(64)', (c) => c.notNull())
        .addColumn('site_url', 'varchar(2048)', (c) => c.notNull())
        .addColumn('email', 'varchar(512)', (c) => c.notNull())
        .addColumn('username', 'varchar(512)', (c) => c.notNull())
        .addColumn('password', 'text', (c) => c.notNull())
        .addColumn('self_hosted', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('private_sites_identity_uq', ['private_network_id', 'site_url', 'email'])
        .execute();
      // A network's sites in id order (screen, keyset-paged export) and a user's sites (site lists).
      await db.schema.createIndex('private_sites_network_idx').on('private_sites').columns(['private_network_id', 'id']).execute();
      await db.schema.createIndex('private_sites_owner_idx').on('private_sites').columns(['owner_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('private_sites').execute();
      await db.schema.dropTable('private_networks').execute();
    },
  };
}
