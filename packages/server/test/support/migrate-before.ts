import { migratorOf, orderedMigrationNames, retryingCatalogRaces } from '../../src/platform/db/migrate';
import type { Database } from '../../src/platform/db/dialect';

/**
 * Migrates a fresh database up to the migration just before `name` (to test `name` on data stored
 * before it), tried again on a PostgreSQL catalog race as migrateToLatest is (CI once: another test
 * file's schema dropped while Kysely read the catalog).
 */
export async function migrateToBefore(database: Database, name: string): Promise<void> {
  const { migrator, provider } = migratorOf(database);
  const names = await orderedMigrationNames(provider);
  const { error } = await retryingCatalogRaces(database, () => migrator.migrateTo(names[names.indexOf(name) - 1]!));
  if (error) throw error;
}
