import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createQueryId, Kysely, PostgresDialect, type Compilable, type CompiledQuery, type QueryResult, type RootOperationNode, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { loadPg } from './load-pg';
import type { DB } from './schema';
import { WaitingSqliteDialect } from './sqlite-waiting-driver';
import { withRowObjects } from './sqlite-row-objects';
import { SqliteLiteralLimitsPlugin } from './sqlite-literal-limits';
import { WaitingWriters } from './waiting-writers';
import { keepLinkSearchInStep } from './link-search-trigger';
import { keepOutputLinkSummaryInStep } from './output-link-summary';
import type { SecretBox } from '../crypto/secret-box';
import { bindSecretBox } from '../crypto/database-secrets';
import { loadSecretBox, type SecretKeySource } from '../crypto/secret-key-source';
import { keepDataDirPrivate } from './private-data-dir';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The pg pool when on PostgreSQL (the live channel's adapter shares it). */
  pgPool: pg.Pool | undefined;
  /** PostgreSQL schema in use, if one was configured. */
  pgSchema: string | undefined;
  /** Seals and opens the third-party secrets stored in this database (repositories find it with secretBoxOf(db)). */
  secrets: SecretBox;
  /** SQLite: the request thread's statements waiting for the write lock, which import threads give way to. */
  waitingWriters: WaitingWriters | undefined;
  /** SQLite: the better-sqlite3 handle itself (the backup job's online backup API uses it); undefined on PostgreSQL. */
  sqlite: SQLite.Database | undefined;
  close(): Promise<void>;
}

/** Where the data is, and where the key that seals its secrets comes from (SECRETS_KEY, else a key file in dataDir). */
export interface DatabaseOptions extends SecretKeySource {
  databaseUrl: string | undefined;
  databaseSchema?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  fileName?: string;
}

const INT8_OID = 20;

/**
 * Opens SQLite under dataDir, or PostgreSQL when a URL is given, with the installation's secret
 * key ring (made beside the data on first run unless SECRETS_KEY gives it) bound to the handle.
 * The data directory is made private (0700) first, or the open stops (private-data-dir.ts).
 */
export function openDatabase(options: DatabaseOptions): Database {
  const sqliteFile = options.databaseUrl ? undefined : path.join(options.dataDir, options.fileName ?? 'linkloom.sqlite');
  if (sqliteFile) createPrivately(sqliteFile);
  keepDataDirPrivate(options.dataDir);
  const secrets = loadSecretBox(options);
  const database = options.databaseUrl ? openPostgres(options.databaseUrl, options.databaseSchema, secrets) : openSqlite(sqliteFile!, secrets);
  bindSecretBox(database.db, secrets);
  return database;
}

/** Drops group and other access to a file of ours that has it (a database made by an older version). */
function restrictToOwner(file: string): void {
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * The data directory (0700 when made here) and the SQLite file (0600) exist before SQLite opens
 * it: SQLite makes the -wal and -shm files with the main file's mode, so they are 0600 too.
 */
function createPrivately(file: string): void {
  const directory = path.dirname(file);
  const made = fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  // The process umask may have taken bits off; these directories are ours, so say it exactly.
  if (made !== undefined) {
    for (let dir = directory; dir.length >= made.length; dir = path.dirname(dir)) fs.chmodSync(dir, 0o700);
  }
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) restrictToOwner(`${file}${suffix}`);
}

function openSqlite(file: string, secrets: SecretBox): Database {
  const sqlite = new SQLite(file);
  // WAL lets readers run while a writer commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Never wait for a lock inside SQLite: that wait blocks the thread (sqlite-waiting-driver.ts waits on a timer).
  sqlite.pragma('busy_timeout = 0');
  keepLinkSearchInStep(sqlite);
  keepOutputLinkSummaryInStep(sqlite);
  const waitingWriters = new WaitingWriters();
  const dialect = new WaitingSqliteDialect({ database: reusingStatements(sqlite), inTransaction: () => sqlite.inTransaction, waitingWriters });
  const db = new Kysely<DB>({ dialect, plugins: [new SqliteLiteralLimitsPlugin()] });
  return { db, dialect: 'sqlite', pgPool: undefined, pgSchema: undefined, secrets, waitingWriters, sqlite, close: () => db.destroy() };
}

/** Prepared statements kept for reuse, by SQL text (the most recently used ones). */
const STATEMENT_CACHE_SIZE = 500;

/** A statement that changes the schema: the statements kept until then are dropped (their columns may change). */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

/**
 * The SQLite handle as Kysely sees it, keeping each prepared statement for the next query with the
 * same SQL text: Kysely's driver prepares every query afresh, and preparing (parsing and planning)
 * costs more than running most of the app's queries. A statement still being iterated (a stream
 * not finished) is not shared: that query gets a statement of its own. Statements of a changed
 * schema are re-prepared by SQLite itself; the ones kept are dropped when the schema is changed
 * through here (migrations), as a reading statement's column names are kept with it. Reading
 * statements make their row objects in JavaScript (sqlite-row-objects.ts).
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, ReturnType<typeof withRowObjects>>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      const kept = statements.get(sql);
      if (kept) {
        if (kept.busy) return withRowObjects(sqlite.prepare(sql));
        // Most recently used last: the first one is the one to drop when the cache is full.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      if (SCHEMA_CHANGE.test(sql)) {
        statements.clear();
        return sqlite.prepare(sql);
      }
      const prepared = withRowObjects(sqlite.prepare(sql));
      statements.set(sql, prepared);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return prepared;
    },
  };
}

function openPostgres(url: string, schema: string | undefined, secrets: SecretBox): Database {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Epoch-millisecond columns are bigint; read them as numbers (safe below 2^53).
    types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pgPool: pool, pgSchema: schema, secrets, waitingWriters: undefined, sqlite: undefined, close: () => db.destroy() };
}

/** Stands for the n-th argument of a reusable query while Kysely builds it. */
class QueryArgument {
  constructor(readonly index: number) {}
}

interface QueryTemplate {
  sql: string;
  query: RootOperationNode;
  /** Per parameter: the argument it takes, or the constant the query was built with. */
  parameters: ({ argument: number } | { constant: unknown })[];
}

/**
 * A query Kysely builds and compiles once per database, then runs with new argument values: for
 * the statements the engine runs for every post, building and compiling cost more than SQLite
 * running the (cached) statement. `build` receives stand-ins for its arguments and must use each
 * of them as a value only — never to decide the query's shape — so that every call has the same
 * SQL; an argument that does not become a parameter is refused when the query is first built.
 */
export function reusableQuery<A extends unknown[], O>(build: (db: Kysely<DB>, ...args: A) => Compilable<O>): (db: Kysely<DB>, ...args: A) => Promise<QueryResult<O>> {
  // One template per dialect (a database and its transactions share their adapter).
  const templates = new WeakMap<object, QueryTemplate>();
  return (db, ...args) => {
    const key = db.getExecutor().adapter;
    let template = templates.get(key);
    if (!template) {
      template = compileTemplate(db, build, args.length);
      templates.set(key, template);
    }
    const parameters = template.parameters.map((parameter) => ('argument' in parameter ? args[parameter.argument] : parameter.constant));
    const compiled: CompiledQuery<O> = { sql: template.sql, query: template.query, parameters, queryId: createQueryId() };
    return db.executeQuery(compiled);
  };
}

function compileTemplate<A extends unknown[], O>(db: Kysely<DB>, build: (db: Kysely<DB>, ...args: A) => Compilable<O>, arity: number): QueryTemplate {
  const standIns = Array.from({ length: arity }, (_, index) => new QueryArgument(index));
  const compiled = build(db, ...(standIns as unknown as A)).compile();
  const parameters = compiled.parameters.map((value) => (value instanceof QueryArgument ? { argument: value.index } : { constant: value }));
  const used = new Set(parameters.flatMap((parameter) => ('argument' in parameter ? [parameter.argument] : [])));
  const unused = standIns.filter((standIn) => !used.has(standIn.index));
  if (unused.length > 0) throw new Error(`A reusable query must use every argument as a value (not: ${unused.map((standIn) => standIn.index + 1).join(', ')}): ${compiled.sql}`);
  return { sql: compiled.sql, query: compiled.query, parameters };
}

/** Where an immediate SQLite read runs: the database's Kysely (to build the SQL) and its handle. */
export interface ImmediateSqlite {
  db: Kysely<DB>;
  sqlite: SQLite.Database;
}

/**
 * A read built with Kysely once, then run at once on SQLite's handle, synchronously: no wait for
 * the connection behind other queries, no promise. For the one read every request makes (its
 * session) and nothing heavier: it runs outside the connection's queue, so it sees what an open
 * transaction on that connection has written so far, and it may fail where the queue would wait
 * (SQLITE_BUSY) — the caller then takes the ordinary path. Answers the first row only (the
 * statement stops there). Same rules for `build` as reusableQuery.
 */
export function immediateSqliteRead<A extends unknown[], O>(build: (db: Kysely<DB>, ...args: A) => Compilable<O>): (database: ImmediateSqlite, ...args: A) => O | undefined {
  const prepared = new WeakMap<SQLite.Database, { parameters: (args: A) => unknown[]; statement: SQLite.Statement }>();
  return (database, ...args) => {
    let entry = prepared.get(database.sqlite);
    if (!entry) {
      const template = compileTemplate(database.db, build, args.length);
      entry = { parameters: parametersOf(template), statement: database.sqlite.prepare(template.sql) };
      prepared.set(database.sqlite, entry);
    }
    return entry.statement.get(...entry.parameters(args)) as O | undefined;
  };
}

/** The statement's values from a call's arguments: the arguments themselves when they are exactly those, in order. */
function parametersOf<A extends unknown[]>(template: QueryTemplate): (args: A) => unknown[] {
  const inOrder = template.parameters.every((parameter, index) => 'argument' in parameter && parameter.argument === index);
  if (inOrder) return (args) => args;
  return (args) => template.parameters.map((parameter) => ('argument' in parameter ? args[parameter.argument] : parameter.constant));
}
