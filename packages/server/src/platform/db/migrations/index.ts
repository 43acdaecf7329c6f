import type { Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../dialect';
import { initialMigration } from './0001-initial';

/**
 * Versioned migrations, in order. A migration is never edited once released: add the next one.
 * Names sort lexically, so they carry a zero-padded number.
 */
export function migrationProvider(dialect: DialectName): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initialMigration(dialect),
  };
  return { getMigrations: async () => migrations };
}
