import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Sign-in attempts counted per bucket (`address:…`, `username:…`) in a one-minute window that
 * opens with the bucket's first attempt, in the database, so every server process sharing it
 * (PostgreSQL) counts against the same limit.
 */
export function loginAttemptsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_attempts')
        .addColumn('bucket', 'varchar(320)', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_attempts_pk', ['bucket'])
        .execute();
      await db.schema.createIndex('login_attempts_window_idx').on('login_attempts').column('window_start').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('login_attempts').execute();
    },
  };
}
