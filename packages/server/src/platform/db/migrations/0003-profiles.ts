import { sql, type Kysely } from 'kysely';
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
        .execute();
      // The accounts grid pages a profile of up to millions of rows sorted by site (the identity
      // index), email or username; exports walk it by id. Each sort index carries the id, so a
      // page's ids come from the index alone (SQLite indexes hold the rowid = id already;
      // PostgreSQL needs INCLUDE) and only the page's 100 rows are read from the table.
      if (dialect === 'postgres') {
        await sql`create unique index accounts_identity_uq on accounts (profile_id, site_name, email) include (id)`.execute(db);
        await sql`create index accounts_profile_email_idx on accounts (profile_id, email, site_name) include (id)`.execute(db);
      } else {
        await db.schema.createIndex('accounts_identity_uq').unique().on('accounts').columns(['profile_id', 'site_name', 'email']).execute();
        await db.schema.createIndex('accounts_profile_email_idx').on('accounts').columns(['profile_id', 'email', 'site_name']).execute();
      }
      await db.schema.createIndex('accounts_profile_username_idx').on('accounts').columns(['profile_id', 'username', 'id']).execute();
      await db.schema.createIndex('accounts_profile_id_idx').on('accounts').columns(['profile_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('accounts').execute();
      await db.schema.dropTable('profiles').execute();
    },
  };
}
