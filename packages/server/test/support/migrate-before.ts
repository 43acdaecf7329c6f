import { Migrator } from 'kysely';
import { migrationProvider } from '../../src/platform/db/migrations';
import type { Database } from '../../src/platform/db/dialect';

/** Migrates a fresh database up to the migration just before `name` (to test `name` on data stored before it). */
export async function migrateToBefore(database: Database, name: string): Promise<void> {
  const provider = migrationProvider(database.dialect, database.secrets);
  const names = Object.keys(await provider.getMigrations()).sort();
  const migrator = new Migrator({ db: database.db, provider, ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}) });
  const { error } = await migrator.migrateTo(names[names.indexOf(name) - 1]!);
  if (error) throw error;
}
