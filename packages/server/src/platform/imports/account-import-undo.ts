import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Undo rows handled per statement: short statements, so other users' writes interleave. */
const UNDO_BATCH_ROWS = 5000;

/** An account as an import chunk finds it before changing it. */
export interface AccountBefore {
  id: number;
  username: string;
  password: string;
}

/**
 * Notes, inside the chunk's transaction and before its upsert, the accounts the chunk is about to
 * update: only the first time this import touches each (a line repeated later in the file must not
 * overwrite the value from before the import with the import's own).
 */
export async function rememberAccountsBefore(trx: Kysely<DB>, importId: number, accounts: readonly AccountBefore[]): Promise<void> {
  if (accounts.length === 0) return;
  await trx.insertInto('account_import_undo')
    .values(accounts.map((a) => ({ import_id: importId, account_id: a.id, existed: 1, prior_username: a.username, prior_password: a.password })))
    .onConflict((oc) => oc.columns(['import_id', 'account_id']).doNothing())
    .execute();
}

/** Notes, in the chunk's transaction, the accounts its upsert created. */
export async function rememberAccountsCreated(trx: Kysely<DB>, importId: number, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await trx.insertInto('account_import_undo')
    .values(accountIds.map((id) => ({ import_id: importId, account_id: id, existed: 0, prior_username: null, prior_password: null })))
    .onConflict((oc) => oc.columns(['import_id', 'account_id']).doNothing())
    .execute();
}

/**
 * Puts back what an unfinished account import changed, a batch per transaction: created accounts
 * deleted, updated ones given their old username and password again. Safe to repeat; the marker
 * is deleted by the caller once nothing is left.
 */
export async function undoAccountImport(db: Kysely<DB>, importId: number): Promise<void> {
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('account_import_undo').selectAll().where('import_id', '=', importId).limit(UNDO_BATCH_ROWS).execute();
      if (rows.length === 0) return true;
      const created = rows.filter((row) => row.existed === 0).map((row) => row.account_id);
      for (let start = 0; start < created.length; start += 500) {
        await trx.deleteFrom('accounts').where('id', 'in', created.slice(start, start + 500)).execute();
      }
      for (const row of rows) {
        if (row.existed === 0) continue;
        await trx.updateTable('accounts').set({ username: row.prior_username ?? '', password: row.prior_password ?? '' }).where('id', '=', row.account_id).execute();
      }
      const ids = rows.map((row) => row.account_id);
      for (let start = 0; start < ids.length; start += 500) {
        await trx.deleteFrom('account_import_undo').where('import_id', '=', importId).where('account_id', 'in', ids.slice(start, start + 500)).execute();
      }
      return rows.length < UNDO_BATCH_ROWS;
    });
    if (done) return;
  }
}

/**
 * Drops the undo notes of finished imports (and of any import whose marker is gone), a batch per
 * statement: after the marker's deletion made an import final, these are only leftovers.
 */
export async function forgetFinishedAccountImports(db: Kysely<DB>): Promise<void> {
  for (;;) {
    const result = await sql`delete from account_import_undo where (import_id, account_id) in (
      select import_id, account_id from account_import_undo
      where import_id not in (select id from pending_imports) limit ${UNDO_BATCH_ROWS}
    )`.execute(db);
    if (Number(result.numAffectedRows ?? 0) < UNDO_BATCH_ROWS) return;
  }
}
