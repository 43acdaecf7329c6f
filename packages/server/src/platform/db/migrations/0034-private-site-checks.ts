import type { Kysely } from 'kysely';

/**
 * Private-network sites checked by the platform verifier (issue 13.3; SCOPE.md: the site lists
 * give each site "the platform that the verifier detected"): each private site keeps the
 * verifier's status (NEW until probed, CHECKING, OK or FAILED), its readable reason and when it
 * was checked, as custom sites do. The platform column already exists; the verifier writes it.
 * Sites stored before this version are NEW.
 */
export function privateSiteChecksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('private_sites').addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('NEW')).execute();
      await db.schema.alterTable('private_sites').addColumn('reason', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('private_sites').addColumn('checked_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('private_sites').dropColumn('checked_at').execute();
      await db.schema.alterTable('private_sites').dropColumn('reason').execute();
      await db.schema.alterTable('private_sites').dropColumn('status').execute();
    },
  };
}
