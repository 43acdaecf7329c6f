import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * The installation's own random id, made once with the database: the engine puts it in every
 * post's idempotency key (the slug or page title a post is found by on the remote site), so two
 * installations — or this one reinstalled on a fresh database, whose counters start again at 1 —
 * posting to one blog never take each other's posts for their own.
 */
export function installationMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('installation')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await (db as Kysely<{ installation: { id: string; created_at: number } }>)
        .insertInto('installation')
        .values({ id: randomBytes(8).toString('hex'), created_at: Date.now() })
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('installation').execute();
    },
  };
}
