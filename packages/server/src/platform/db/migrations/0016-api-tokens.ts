import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/**
 * Personal API tokens (features/api-tokens): a named token of one user, deleted with the user.
 * Only the SHA-256 of the secret is stored (like sessions), so a copy of the database hands out no
 * working token; `prefix` keeps the secret's first characters for the list.
 */
export function apiTokensMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'api_tokens', dialect)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_tokens_owner_idx').on('api_tokens').column('owner_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('api_tokens').execute();
    },
  };
}
