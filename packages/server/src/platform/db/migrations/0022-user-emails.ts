import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/**
 * The email manager's mailboxes (spec 2 §3 "User email") and Verify mail's way back.
 *
 * `user_emails`: one row per address of a user (re-import updates by address); the password is
 * sealed (platform/crypto). `ssl` 1 = implicit TLS, else `start_tls` 1 = STARTTLS, else plain;
 * `allow_self_signed` 1 accepts a certificate no trusted authority signed. Booleans are 0/1.
 *
 * `projects.verify_return_status`: the status an account creation project had when Verify mail
 * started, where it goes back when verification ends or is stopped. Projects an earlier version
 * left in a verifying status for good (nothing ever moved them on) are set STOPPED.
 */
export function userEmailsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('projects').addColumn('verify_return_status', 'varchar(32)').execute();
      await sql`UPDATE projects SET status = 'STOPPED'
        WHERE status IN ('STARTING_VERIFYING', 'VERIFYING', 'STOPPING_VERIFYING')`.execute(db);

      await ownedTable(db, 'user_emails', dialect)
        .addColumn('address', 'varchar(512)', (c) => c.notNull())
        .addColumn('login', 'varchar(512)', (c) => c.notNull())
        .addColumn('password', 'text', (c) => c.notNull())
        .addColumn('server', 'varchar(1024)', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('protocol', 'varchar(8)', (c) => c.notNull())
        .addColumn('ssl', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('start_tls', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_self_signed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('check_spam_folder', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('spam_folder_name', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('user_emails_address_uq', ['owner_id', 'address'])
        .execute();
      // A user's mailboxes in id order (the grid) and the next unused one (email source LIST).
      await db.schema.createIndex('user_emails_owner_idx').on('user_emails').columns(['owner_id', 'id']).execute();
      await db.schema.createIndex('user_emails_unused_idx').on('user_emails').columns(['owner_id', 'used', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('user_emails').execute();
      await db.schema.alterTable('projects').dropColumn('verify_return_status').execute();
    },
  };
}
