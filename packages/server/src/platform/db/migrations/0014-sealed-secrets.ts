import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import type { SecretBox } from '../../crypto/secret-box';
import { openSealedJson, sealJsonPaths } from '../../crypto/secret-json';
import { rewriteColumn } from '../../crypto/stored-secrets';

/** Secret columns as of this migration (the list of later ones lives in crypto/stored-secrets.ts). */
const TEXT_COLUMNS = [
  ['accounts', 'password'], ['private_sites', 'password'], ['url_items', 'password'], ['proxies', 'username'], ['proxies', 'password'],
] as const;

/** Secret strings inside JSON columns as of this migration: indexer API keys and an account creation project's passwords. */
const JSON_COLUMNS = [
  { table: 'user_options', column: 'options', paths: [['indexer', '*']] },
  { table: 'projects', column: 'settings', paths: [['password'], ['verificationInfo', 'emailPassword']] },
] as const;

/**
 * Third-party secrets stored in clear until now are sealed with the installation's key (platform/
 * crypto): account, private site, link and proxy passwords, proxy user names, the options' indexer
 * API keys and account creation projects' account and e-mail passwords. Values already sealed stay
 * as they are, so the step is safe to repeat. No schema change: the columns are text already.
 */
export function sealedSecretsMigration(_dialect: DialectName, box: SecretBox) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [table, column] of TEXT_COLUMNS) await rewriteColumn(db, table, column, (value) => box.reseal(value));
      for (const { table, column, paths } of JSON_COLUMNS) {
        await rewriteColumn(db, table, column, (value) => sealJsonPaths(value, paths, (secret) => box.reseal(secret)));
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [table, column] of TEXT_COLUMNS) await rewriteColumn(db, table, column, (value) => box.open(value));
      for (const { table, column } of JSON_COLUMNS) await rewriteColumn(db, table, column, (value) => openSealedJson(box, value));
    },
  };
}
