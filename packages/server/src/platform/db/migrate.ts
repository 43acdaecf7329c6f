import { Migrator } from 'kysely';
import type { Database } from './dialect';
import { migrationProvider } from './migrations';

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    // Kysely looks its bookkeeping tables up by name in any schema; name ours so installations
    // (and test runs) sharing one PostgreSQL server never see each other's.
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
