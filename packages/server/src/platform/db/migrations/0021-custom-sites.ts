import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable, parentColumn } from './column-types';

/**
 * Custom sites (spec 2 §2 "Custom sites"): the user's own sites per module, with what the platform
 * verifier found (platform, status, reason, whether accounts can be created, whether the stored
 * credentials work); the verifier's state per user; and site selections (spec 2 §3 "Site
 * selection") with their ticked sites and platforms.
 *
 * Booleans are integers 0/1 (null = not known yet), as in every other table, so both dialects
 * read them alike. The owning user is `owner_id` like every owned table (platform/auth/ownership).
 */
export function customSitesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'custom_sites', dialect)
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .addColumn('url', 'varchar(2048)', (c) => c.notNull())
        .addColumn('host', 'varchar(512)', (c) => c.notNull())
        .addColumn('login', 'varchar(512)')
        .addColumn('password_sealed', 'text')
        .addColumn('da', 'integer')
        .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('platform', 'varchar(32)', (c) => c.notNull().defaultTo('Unknown'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('can_register', 'integer')
        .addColumn('credentials_ok', 'integer')
        .addColumn('checked_at', 'bigint')
        .addUniqueConstraint('custom_sites_identity_uq', ['owner_id', 'module', 'url'])
        .execute();
      // A user's sites in id order (lists, keyset-paged export, the verifier's walk).
      await db.schema.createIndex('custom_sites_owner_idx').on('custom_sites').columns(['owner_id', 'id']).execute();

      await db.schema
        .createTable('site_verifier_state')
        .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('NEW'))
        .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await ownedTable(db, 'site_selections', dialect)
        .addColumn('name', 'varchar(1024)', (c) => c.notNull())
        .addColumn('selection_type', 'varchar(16)', (c) => c.notNull().defaultTo('Condition'))
        .addColumn('img', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('video', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dofollow', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('min_pr', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('site_selections_owner_idx').on('site_selections').columns(['owner_id', 'id']).execute();

      // A ticked site: (module, site id) names a custom site or a private network's site.
      await parentColumn(db.schema.createTable('site_selection_sites'), 'site_selection_id', 'site_selections')
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .addColumn('site_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_selection_sites_pk', ['site_selection_id', 'module', 'site_id'])
        .execute();
      await parentColumn(db.schema.createTable('site_selection_platforms'), 'site_selection_id', 'site_selections')
        .addColumn('module', 'varchar(32)', (c) => c.notNull())
        .addColumn('platform', 'varchar(32)', (c) => c.notNull())
        .addColumn('prob', 'integer', (c) => c.notNull().defaultTo(100))
        .addPrimaryKeyConstraint('site_selection_platforms_pk', ['site_selection_id', 'module', 'platform'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('site_selection_platforms').execute();
      await db.schema.dropTable('site_selection_sites').execute();
      await db.schema.dropTable('site_selections').execute();
      await db.schema.dropTable('site_verifier_state').execute();
      await db.schema.dropTable('custom_sites').execute();
    },
  };
}
