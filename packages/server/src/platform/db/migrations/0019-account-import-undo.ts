import type { Kysely } from 'kysely';

/**
 * Account imports written in short transactions (platform/imports/account-import-undo.ts): an
 * account import upserts, so unlike links and articles its rows cannot simply be deleted when it
 * never finishes; each account it touches gets one row here, written in the same transaction as
 * the change — the values it had before (existed = 1) or that the import made it (existed = 0) —
 * from which a failed or abandoned import is put back.
 */
export function accountImportUndoMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account_import_undo')
        .addColumn('import_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('existed', 'integer', (c) => c.notNull())
        .addColumn('prior_username', 'text')
        .addColumn('prior_password', 'text')
        .addPrimaryKeyConstraint('account_import_undo_pk', ['import_id', 'account_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('account_import_undo').execute();
    },
  };
}
