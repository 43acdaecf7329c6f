import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { POSTGRES_TEST_URL } from './postgres-url';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Where one test's database lives; reopen() gives a new connection to the same data (restart tests). */
export interface TestDatabaseHandle {
  kind: DatabaseKind;
  /** Environment a server process would need to reach the same data. */
  env: Record<string, string>;
  open(): Database;
  drop(): Promise<void>;
}

/** The databases every API test runs on; PostgreSQL is skipped (loudly, by global-setup) when absent. */
export const DATABASES: { kind: DatabaseKind; skip: boolean }[] = [
  { kind: 'sqlite', skip: false },
  { kind: 'postgres', skip: !inject('postgresAvailable') },
];

/**
 * A fresh, migrated database: a temp SQLite file, or a schema of its own in PostgreSQL. With
 * `migrated: false` it is left empty (tests of a migration bring it to the version they need).
 */
export async function createTestDatabase(kind: DatabaseKind, options: { migrated?: boolean } = {}): Promise<TestDatabaseHandle> {
  const migrate = options.migrated === false ? async () => undefined : migrateAndClose;
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-test-'));
    const handle: TestDatabaseHandle = {
      kind, env: { DATA_DIR: dir },
      open: () => openDatabase({ databaseUrl: undefined, dataDir: dir }),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
    await migrate(handle);
    return handle;
  }
  // The creation time in the name lets a later run sweep schemas a crashed run left behind.
  const schema = `t_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  // The installation's secret key file (platform/crypto) lives in a data directory of its own.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-test-'));
  const handle: TestDatabaseHandle = {
    kind, env: { DATABASE_URL: POSTGRES_TEST_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: POSTGRES_TEST_URL, databaseSchema: schema, dataDir }),
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      // pg-boss keeps its jobs in a schema of its own next to the app's (engine/queue/create-queue.ts).
      await client.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await client.end();
    },
  };
  await migrate(handle);
  return handle;
}

async function migrateAndClose(handle: TestDatabaseHandle): Promise<void> {
  const database = handle.open();
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
}
