import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import { ownedTable } from './column-types';

/**
 * Imports written in short transactions (platform/imports): a pending_imports row is the marker of
 * an import still being written, and the rows it writes carry its id in import_id. An import that
 * never finished (the server died) is found by its marker and its rows deleted, so a link set or a
 * content group ends up with the whole file or none of it. No index on import_id: the rows of an
 * import are found through their parent's index (url_list_id / content_group_id), which the
 * marker names.
 */
export function pendingImportsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await ownedTable(db, 'pending_imports', dialect)
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('url_items').addColumn('import_id', 'integer').execute();
      await db.schema.alterTable('articles').addColumn('import_id', 'integer').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('articles').dropColumn('import_id').execute();
      await db.schema.alterTable('url_items').dropColumn('import_id').execute();
      await db.schema.dropTable('pending_imports').execute();
    },
  };
}
