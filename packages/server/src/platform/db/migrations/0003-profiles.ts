import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/** Account profiles of campaigns and their accounts (identity: profile + site + email). */
export function profilesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await parentColumn(ownedTable(db, 'profiles', dialect), 'campaign_id', 'campaigns')
        .addColumn('name', 'varchar(512)', (c) => c.notNull())
        .addColumn('group_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('profiles_campaign_idx').on('profiles').columns(['campaign_id', 'id']).execute();

      await parentColumn(ownedTable(db, 'accounts', dialect), 'profile_id', 'profiles')
        .addColumn('site_name', 'varchar(2048)', (c) => c.notNull())
        .addColumn('email', 'varchar(512)', (c) => c.notNull())
        .addColumn('username', 'varchar(512)', (c) => c.notNull())
        .addColumn('password', 'text', (c) => c.notNull())
        .addUniqueConstraint('accounts_identity_uq', ['profile_id', 'site_name', 'email'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('accounts').execute();
      await db.schema.dropTable('profiles').execute();
    },
  };
}
