import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { POSTGRES_TEST_URL } from './postgres-url';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAvailable: boolean;
  }
}

/**
 * Finds out once whether PostgreSQL answers (TEST_DATABASE_URL, else this machine's 5432). When it
 * does not, the PostgreSQL half of the API suite is skipped and says so loudly; with
 * REQUIRE_POSTGRES=1 the run fails instead (`npm test` sets it after its own set-up made PostgreSQL
 * reachable: scripts/setup/postgres.sh). SKIP_POSTGRES=1 skips that half on purpose.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.SKIP_POSTGRES === '1') {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error('REQUIRE_POSTGRES=1 and SKIP_POSTGRES=1 contradict each other: unset one');
    process.stdout.write('\n*** SKIP_POSTGRES=1: the PostgreSQL API tests are SKIPPED on purpose. ***\n\n');
    project.provide('postgresAvailable', false);
    return;
  }
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL, connectionTimeoutMillis: 3000 });
  let available = false;
  try {
    await client.connect();
    await client.query('select 1');
    available = true;
    await sweepStaleSchemas(client);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but ${POSTGRES_TEST_URL} is not reachable: ${reason}`);
    process.stdout.write(`\n*** PostgreSQL not reachable at ${POSTGRES_TEST_URL} (${reason}): the PostgreSQL API tests are SKIPPED. ***\n\n`);
  } finally {
    await client.end().catch(() => undefined);
  }
  project.provide('postgresAvailable', available);
}

/** Test schemas older than a day were left by runs that crashed before dropping them. */
async function sweepStaleSchemas(client: pg.Client): Promise<void> {
  const cutoff = Math.floor(Date.now() / 1000) - 24 * 3600;
  const { rows } = await client.query<{ name: string }>(String.raw`SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name ~ '^t_[0-9]+_[0-9a-f]+(_pgboss)?$'`);
  for (const { name } of rows) {
    if (Number(name.split('_')[1]) < cutoff) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  }
}
