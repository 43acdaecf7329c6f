import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The pg pool when on PostgreSQL (the live channel's adapter shares it). */
  pgPool: pg.Pool | undefined;
  /** PostgreSQL schema in use, if one was configured. */
  pgSchema: string | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  databaseSchema?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  fileName?: string;
}

const INT8_OID = 20;

/** Opens SQLite under dataDir, or PostgreSQL when a URL is given. */
export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databaseSchema);
  return openSqlite(path.join(options.dataDir, options.fileName ?? 'linkloom.sqlite'));
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while a writer commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', pgPool: undefined, pgSchema: undefined, close: () => db.destroy() };
}

function openPostgres(url: string, schema: string | undefined): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Epoch-millisecond columns are bigint; read them as numbers (safe below 2^53).
    types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pgPool: pool, pgSchema: schema, close: () => db.destroy() };
}
