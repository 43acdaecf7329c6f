import { Migrator, sql, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database } from './dialect';
import { migrationProvider } from './migrations';
import { keepLinkSearchInStepAfterMigrations } from './link-search-trigger';
import { keepOutputLinkSummaryInStepAfterMigrations } from './output-link-summary';

/**
 * Migrations that overwrite values whose old bytes must not linger in the file: SQLite keeps
 * overwritten content in free pages and in the write-ahead log until they are reused, so after
 * these the file is rebuilt (VACUUM) and the log emptied — unless the same run made the database
 * (a first start), when there was nothing to overwrite (about 8 ms of a first start).
 */
const REWRITES_SECRETS = new Set(['0014-sealed-secrets']);

/** Times a catalog read that raced another session's DDL is tried again. */
const CATALOG_RACE_RETRIES = 3;
/**
 * PostgreSQL: undefined column, undefined table, undefined object (a catalog row dropped under the
 * read), and invalid schema name (the read's has_schema_privilege on a schema another session
 * dropped meanwhile: seen in CI with three test files at once).
 */
const CATALOG_RACE_CODES = new Set(['42703', '42P01', '42704', '3F000']);

/** An error before any migration ran (no results), from the catalog read, on PostgreSQL. */
export function isCatalogRace(outcome: { error?: unknown; results?: readonly unknown[] | undefined }, dialect: Database['dialect']): boolean {
  if (dialect !== 'postgres' || outcome.error === undefined || (outcome.results?.length ?? 0) > 0) return false;
  const code = (outcome.error as { code?: unknown }).code;
  return typeof code === 'string' && CATALOG_RACE_CODES.has(code);
}

/** The database's migrations and a Kysely migrator over them. */
export function migratorOf(database: Database): { migrator: Migrator; provider: MigrationProvider } {
  const provider = migrationProvider(database.dialect, database.secrets);
  const migrator = new Migrator({
    db: database.db,
    provider,
    // Kysely looks its bookkeeping tables up by name in any schema; name ours so installations
    // (and test runs) sharing one PostgreSQL server never see each other's.
    ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}),
  });
  return { migrator, provider };
}

/** The migrations' names in the order Kysely applies them (by name). */
export async function orderedMigrationNames(provider: MigrationProvider): Promise<string[]> {
  return Object.keys(await provider.getMigrations()).sort();
}

/**
 * Runs a migrator call (`migrateToLatest`, `migrateTo`…) again while it fails on a catalog race:
 * Kysely finds its bookkeeping tables by reading the whole PostgreSQL catalog (every schema's
 * columns); DDL that another installation or test run sharing the server makes meanwhile can fail
 * that read ("column … does not exist"). Nothing was migrated then: read again.
 */
export async function retryingCatalogRaces(database: Database, run: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  let outcome = await run();
  for (let retry = 1; retry <= CATALOG_RACE_RETRIES && isCatalogRace(outcome, database.dialect); retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100 * retry));
    outcome = await run();
  }
  return outcome;
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const { migrator, provider } = migratorOf(database);
  const outcome = await retryingCatalogRaces(database, () => migrator.migrateToLatest());
  const { error, results } = outcome;
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  const applied = (results ?? []).map((result) => result.migrationName);
  // A database this run made from nothing (its first migration applied now) held no value to scrub.
  const madeNow = applied[0] !== undefined && applied[0] === (await orderedMigrationNames(provider))[0];
  if (database.dialect === 'sqlite' && !madeNow && applied.some((name) => REWRITES_SECRETS.has(name))) await compactSqlite(database);
  if (database.dialect === 'sqlite') {
    await keepLinkSearchInStepAfterMigrations(database.db);
    await keepOutputLinkSummaryInStepAfterMigrations(database.db);
  }
  return applied;
}

/** Rebuilds the SQLite file without free pages and truncates its write-ahead log. */
async function compactSqlite(database: Database): Promise<void> {
  await sql`vacuum`.execute(database.db);
  await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
}
