import type { Kysely } from 'kysely';
import type { SecretBox } from '../../crypto/secret-box';
import { openSealedJson, sealJsonPaths } from '../../crypto/secret-json';
import { rewriteColumn } from '../../crypto/stored-secrets';

/** Where a stored wizard holds third-party secrets: the accounts' password and the Manual mailbox's password. */
const WIZARD_PATHS = [['password'], ['emailAccount', 'emailPassword']] as const;
const COLUMNS = [['xwizards', 'wizard'], ['campaigns', 'wizard_string']] as const;

/**
 * Saved wizards (0026) and the wizard a campaign was made with (issue 17) hold the accounts' and
 * the mailbox's passwords: those stored in clear until now are sealed with the installation's key.
 * Values already sealed stay as they are, so the step is safe to repeat; text that is not JSON is
 * left alone. No schema change.
 */
export function sealedWizardsMigration(box: SecretBox) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [table, column] of COLUMNS) {
        await rewriteColumn(db, table, column, (value) => sealJsonPaths(value, WIZARD_PATHS, (secret) => box.reseal(secret)));
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [table, column] of COLUMNS) await rewriteColumn(db, table, column, (value) => openSealedJson(box, value));
    },
  };
}
