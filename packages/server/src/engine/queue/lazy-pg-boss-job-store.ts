import type pg from 'pg';
import type { JobStore } from './job-store';
import type { PgBossStoreOptions } from './pg-boss-job-store';

/**
 * The pg-boss store, loaded on first use: pg-boss (and what it brings) is read from disk and kept
 * in memory only by a server on PostgreSQL, never by one on SQLite (issue 10.4, memory).
 */
export class LazyPgBossJobStore implements JobStore {
  #store: Promise<JobStore> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PgBossStoreOptions,
  ) {}

  private store(): Promise<JobStore> {
    // pg-boss itself is imported here, not by the store's module: the server's build (esbuild) would
    // hoist a package import of a bundled module to the top of the bundle, loading it at start.
    this.#store ??= Promise.all([import('./pg-boss-job-store'), import('pg-boss')])
      .then(([{ PgBossJobStore: Store }, { default: PgBoss }]) => new Store(this.pool, this.options, PgBoss));
    return this.#store;
  }

  async open(...args: Parameters<JobStore['open']>): ReturnType<JobStore['open']> {
    return (await this.store()).open(...args);
  }
  async prepare(...args: Parameters<JobStore['prepare']>): ReturnType<JobStore['prepare']> {
    return (await this.store()).prepare(...args);
  }
  async insert(...args: Parameters<JobStore['insert']>): ReturnType<JobStore['insert']> {
    return (await this.store()).insert(...args);
  }
  async claim(...args: Parameters<JobStore['claim']>): ReturnType<JobStore['claim']> {
    return (await this.store()).claim(...args);
  }
  async renew(...args: Parameters<JobStore['renew']>): ReturnType<JobStore['renew']> {
    return (await this.store()).renew(...args);
  }
  async complete(...args: Parameters<JobStore['complete']>): ReturnType<JobStore['complete']> {
    return (await this.store()).complete(...args);
  }
  async fail(...args: Parameters<JobStore['fail']>): ReturnType<JobStore['fail']> {
    return (await this.store()).fail(...args);
  }
  async release(...args: Parameters<JobStore['release']>): ReturnType<JobStore['release']> {
    return (await this.store()).release(...args);
  }
  async maintain(...args: Parameters<JobStore['maintain']>): ReturnType<JobStore['maintain']> {
    return (await this.store()).maintain(...args);
  }
  async cancel(...args: Parameters<JobStore['cancel']>): ReturnType<JobStore['cancel']> {
    return (await this.store()).cancel(...args);
  }
  async get(...args: Parameters<JobStore['get']>): ReturnType<JobStore['get']> {
    return (await this.store()).get(...args);
  }
  async close(): Promise<void> {
    // Never opened: nothing to close (and nothing to load for it).
    if (this.#store) await (await this.#store).close();
  }
}
