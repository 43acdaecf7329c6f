import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult, type SqliteDatabase } from 'kysely';
import type { WaitingWriters } from './waiting-writers';

/** How long a statement may wait for another connection's write lock before it fails (SQLITE_BUSY). */
export const SQLITE_LOCK_WAIT_MS = 5000;
/** Pauses between tries while another connection holds the write lock, growing up to the last. */
const RETRY_PAUSES_MS = [1, 2, 4, 8, 10];

export interface WaitingSqliteOptions {
  database: SqliteDatabase;
  /** Whether the connection is inside a transaction right now (better-sqlite3's `inTransaction`). */
  inTransaction: () => boolean;
  /** Counts this connection's statements waiting for the lock, for the import threads to give way to. */
  waitingWriters: WaitingWriters;
}

/**
 * Kysely's SQLite dialect, with the request thread never blocked by another connection's write
 * lock (a large import commits on its own thread and connection). better-sqlite3 waits for a lock
 * synchronously (busy_timeout), freezing every request of every user meanwhile; here the
 * connection's busy timeout is 0 and a statement refused with SQLITE_BUSY outside a transaction
 * (so it did nothing) is tried again after a pause on a timer, while the import thread, seeing a
 * writer waiting, holds its next chunk. Transactions begin IMMEDIATE, taking the write lock at
 * BEGIN (which is retried the same way): a deferred transaction that read first and then wrote
 * would fail at once with SQLITE_BUSY while the lock is held elsewhere, as SQLite cannot wait there.
 */
export class WaitingSqliteDialect extends SqliteDialect {
  readonly #options: WaitingSqliteOptions;

  constructor(options: WaitingSqliteOptions) {
    super({ database: options.database });
    this.#options = options;
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver(this.#options);
  }
}

/** Hands the one connection to one query or transaction at a time, in the order they asked. */
class ConnectionMutex {
  #held = false;
  readonly #queue: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

class WaitingSqliteDriver implements Driver {
  readonly #options: WaitingSqliteOptions;
  readonly #mutex = new ConnectionMutex();
  readonly #connection: WaitingConnection;

  constructor(options: WaitingSqliteOptions) {
    this.#options = options;
    this.#connection = new WaitingConnection(options, this.#mutex);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.#options.database.close();
  }
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

class WaitingConnection implements DatabaseConnection {
  constructor(
    private readonly options: WaitingSqliteOptions,
    private readonly mutex: ConnectionMutex,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return this.run<R>(compiledQuery);
    } catch (error) {
      if (!isBusy(error) || this.options.inTransaction()) throw error;
    }
    return this.retry<R>(compiledQuery);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams select queries only');
    const statement = this.options.database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }

  private run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.options.database.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters as unknown[]) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /**
   * Tries again on a timer until the lock is free or the wait is over. Outside a transaction the
   * connection holds nothing between statements, so it serves other queries (reads above all)
   * during each pause instead of making them queue behind this write; the import threads see a
   * writer waiting and hold their next chunk.
   */
  private async retry<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
    const leave = this.options.waitingWriters.enter();
    try {
      for (let attempt = 0; ; attempt += 1) {
        this.mutex.unlock();
        try {
          await sleep(RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)]);
        } finally {
          await this.mutex.lock();
        }
        try {
          return this.run<R>(compiledQuery);
        } catch (error) {
          if (!isBusy(error) || this.options.inTransaction() || Date.now() >= deadline) throw error;
        }
      }
    } finally {
      leave();
    }
  }
}

/** SQLITE_BUSY and its extended codes (better-sqlite3 names the extended one). */
function isBusy(error: unknown): boolean {
  return typeof (error as { code?: unknown } | null)?.code === 'string' && (error as { code: string }).code.startsWith('SQLITE_BUSY');
}
