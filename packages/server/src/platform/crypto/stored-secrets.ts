import { sql, type Kysely } from 'kysely';
import type { SecretBox } from './secret-box';
import { resealJson } from './secret-json';

/** A column that holds secrets: the whole value (`text`), or some strings of a JSON object (`json`). */
export interface SecretColumn {
  table: string;
  column: string;
  kind: 'text' | 'json';
}

/**
 * Every column with third-party secrets as of the latest migration (repositories seal what they
 * write there): `secrets:rotate` re-seals them all under the current key.
 */
export const SECRET_COLUMNS: readonly SecretColumn[] = [
  { table: 'accounts', column: 'password', kind: 'text' },
  { table: 'private_sites', column: 'password', kind: 'text' },
  { table: 'url_items', column: 'password', kind: 'text' },
  { table: 'proxies', column: 'username', kind: 'text' },
  { table: 'proxies', column: 'password', kind: 'text' },
  { table: 'user_options', column: 'options', kind: 'json' },
  { table: 'projects', column: 'settings', kind: 'json' },
  { table: 'user_emails', column: 'password', kind: 'text' },
  { table: 'account_registrations', column: 'password', kind: 'text' },
  { table: 'xwizards', column: 'wizard', kind: 'json' },
  { table: 'campaigns', column: 'wizard_string', kind: 'json' },
  { table: 'custom_sites', column: 'password_sealed', kind: 'text' },
  { table: 'alert_settings', column: 'webhook_url', kind: 'text' },
];

const BATCH_ROWS = 500;

/**
 * Rewrites one column of every row in id order, a batch at a time (each batch in its own
 * transaction unless the caller's handle is one): rows whose value `rewrite` changes are updated.
 * Answers how many were. Empty and null values are left alone.
 */
export async function rewriteColumn<T>(db: Kysely<T>, table: string, column: string, rewrite: (value: string) => string): Promise<number> {
  const inBatch = <R>(work: (handle: Kysely<T>) => Promise<R>): Promise<R> => (db.isTransaction ? work(db) : db.transaction().execute(work));
  let afterId = 0;
  let changed = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; value: string }>`select id, ${sql.ref(column)} as value from ${sql.table(table)}
      where id > ${afterId} and ${sql.ref(column)} is not null and ${sql.ref(column)} <> '' order by id limit ${BATCH_ROWS}`.execute(db);
    if (rows.length === 0) return changed;
    afterId = Number(rows[rows.length - 1]!.id);
    changed += await inBatch(async (handle) => {
      let updated = 0;
      for (const row of rows) {
        const next = rewrite(row.value);
        if (next === row.value) continue;
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next} where id = ${row.id}`.execute(handle);
        updated += 1;
      }
      return updated;
    });
  }
}

/**
 * Key rotation: every stored secret sealed under the current key (values of older keys opened and
 * sealed anew). Afterwards the older keys may leave the ring. Answers the rows rewritten per column.
 */
export async function resealStoredSecrets<T>(db: Kysely<T>, box: SecretBox): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column, kind } of SECRET_COLUMNS) {
    counts[`${table}.${column}`] = await rewriteColumn(db, table, column, kind === 'text' ? (value) => box.reseal(value) : (value) => resealJson(box, value));
  }
  return counts;
}
