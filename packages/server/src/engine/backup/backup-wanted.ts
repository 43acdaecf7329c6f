import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * True when any user has automaticBackup ticked (General tab). The backup is of the whole
 * installation's data, so one user asking for it is enough; it is off by default.
 */
export async function backupWanted(db: Kysely<DB>): Promise<boolean> {
  const rows = await db.selectFrom('user_options').select('options').where('options', 'like', '%automaticBackup%').execute();
  return rows.some((row) => {
    try {
      return (JSON.parse(row.options) as Record<string, unknown>).automaticBackup === true;
    } catch {
      return false;
    }
  });
}
