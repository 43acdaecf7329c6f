import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/**
 * Account creation projects run (issue 14.4). `account_registrations` holds one row per
 * registration of a run (one engine_posts row per ticked site): the identity the engine chose —
 * user name (with the suffix tried after a "user name taken"), address, login password (sealed) —
 * written BEFORE the site is called, so a retry after a crash asks the site for that very account
 * instead of creating a second one. `accounts` gains `verified_at` (Verify mail followed the
 * account's confirmation link: the grid shows it) and `verify_mail_uid` (POP3: the UIDL of the
 * handled confirmation mail, deleted after daysToDeleteMails; IMAP marks the mail itself).
 */
export function accountRegistrationsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'account_registrations', dialect)
        .addColumn('post_id', 'integer', (c) => c.notNull().unique().references('engine_posts.id').onDelete('cascade'))
        .addColumn('username', 'varchar(255)', (c) => c.notNull())
        .addColumn('suffix', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email', 'varchar(320)', (c) => c.notNull())
        .addColumn('password', 'text', (c) => c.notNull())
        .addColumn('first_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('blog_title', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
        .addColumn('blog_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('accounts').addColumn('verified_at', 'bigint').execute();
      await db.schema.alterTable('accounts').addColumn('verify_mail_uid', 'varchar(255)').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('accounts').dropColumn('verify_mail_uid').execute();
      await db.schema.alterTable('accounts').dropColumn('verified_at').execute();
      await db.schema.dropTable('account_registrations').execute();
    },
  };
}
