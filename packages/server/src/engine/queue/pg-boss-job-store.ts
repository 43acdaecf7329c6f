import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { ClaimedJob, InsertJob, JobStore } from './job-store';
import type { JobInfo, JobState } from './queue';

export interface PgBossStoreOptions {
  /** PostgreSQL schema pg-boss installs its tables in (created when missing). */
  schema: string;
  /** A run not heard of for this long belongs to a dead worker (pg-boss's expireIn). */
  leaseSeconds: number;
  /** How often pg-boss expires dead runs and archives finished jobs. */
  maintenanceIntervalSeconds: number;
  onError(error: unknown): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pg-boss's states; `retry` is a job waiting for its next run. */
const STATES: Record<string, JobState> = { created: 'created', retry: 'created', active: 'active', completed: 'completed', cancelled: 'cancelled', failed: 'failed' };

interface JobRow {
  id: string;
  name: string;
  state: string;
  data: unknown;
  retry_count: number;
  started_on: Date | null;
  output: { message?: unknown } | null;
}

/**
 * The pg-boss driver's store on PostgreSQL, sharing the app's pool. pg-boss fetches with SKIP
 * LOCKED, so any number of worker processes share the work; it retries, expires and archives.
 * Added on top, in pg-boss's own tables: a lease heartbeat (a running job's `started_on` moves
 * forward, so `expireIn` works as a lease and a crashed worker's job comes back within
 * leaseSeconds + maintenanceIntervalSeconds), singleton keys unique among not-finished jobs, and
 * releasing an interrupted run without counting it.
 */
export class PgBossJobStore implements JobStore {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly schema: string;

  /** `Boss` is pg-boss's class, which the caller loads (lazy-pg-boss-job-store.ts: only on PostgreSQL). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PgBossStoreOptions,
    Boss: typeof PgBoss,
  ) {
    this.schema = options.schema;
    this.boss = new Boss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: options.schema,
      migrate: true,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    });
    this.boss.on('error', (error) => options.onError(error));
  }

  async open(): Promise<void> {
    await this.boss.start();
  }

  async prepare(names: readonly string[]): Promise<void> {
    for (const name of names) await this.ensureQueue(name);
  }

  /** pg-boss 10 keeps each job name in a queue (a table partition) that must exist first. */
  private ensureQueue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = this.boss.createQueue(name);
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  async insert(job: InsertJob): Promise<string> {
    await this.ensureQueue(job.name);
    const options: PgBoss.SendOptions = {
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      expireInSeconds: this.options.leaseSeconds,
      ...(job.startAfter ? { startAfter: job.startAfter } : {}),
      ...(job.singletonKey !== undefined ? { singletonKey: job.singletonKey } : {}),
    };
    if (job.singletonKey === undefined) return requireId(await this.boss.send(job.name, job.payload, options), job.name);
    return this.insertSingleton(job, job.singletonKey, options);
  }

  /** Under a lock on the key: the not-finished job holding it, or a new one. */
  private async insertSingleton(job: InsertJob, key: string, options: PgBoss.SendOptions): Promise<string> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${JSON.stringify([this.schema, job.name, key])}`]);
      const holder = await client.query<{ id: string }>(
        `SELECT id FROM ${this.schema}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`,
        [job.name, key],
      );
      const id = holder.rows[0]?.id ?? requireId(await this.boss.send(job.name, job.payload, { ...options, db: { executeSql: (text, values) => client.query(text, values) } }), job.name);
      await client.query('COMMIT');
      return id;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async claim(name: string, limit: number): Promise<ClaimedJob[]> {
    const jobs = await this.boss.fetch<unknown>(name, { batchSize: limit, includeMetadata: true });
    return jobs.map((job) => ({ id: job.id, name: job.name, payload: job.data, attempt: job.retryCount + 1 }));
  }

  async renew(jobs: readonly ClaimedJob[]): Promise<Set<string>> {
    if (jobs.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE ${this.schema}.job SET started_on = now()
        WHERE name = ANY($1::text[]) AND state = 'active'
          AND (id, retry_count) IN (SELECT * FROM unnest($2::uuid[], $3::int[]))
        RETURNING id`,
      [[...new Set(jobs.map((job) => job.name))], jobs.map((job) => job.id), jobs.map((job) => job.attempt - 1)],
    );
    return new Set(rows.map((row) => row.id));
  }

  async complete(job: ClaimedJob): Promise<void> {
    await this.boss.complete(job.name, job.id);
  }

  async fail(job: ClaimedJob, error: string, options: { retry: boolean }): Promise<void> {
    // pg-boss retries while retry_count < retry_limit: no retry left makes its fail final.
    if (!options.retry) {
      await this.pool.query(`UPDATE ${this.schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`, [job.name, job.id]);
    }
    await this.boss.fail(job.name, job.id, { message: error });
  }

  /** Back to waiting with retry_count and started_on as before the claim (pg-boss counts runs by them). */
  async release(job: ClaimedJob): Promise<void> {
    await this.pool.query(
      `UPDATE ${this.schema}.job SET
          state = (CASE WHEN retry_count = 0 THEN 'created' ELSE 'retry' END)::${this.schema}.job_state,
          started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END,
          retry_count = GREATEST(retry_count - 1, 0),
          start_after = now()
        WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
      [job.name, job.id, job.attempt - 1],
    );
  }

  async maintain(): Promise<void> {
    // pg-boss supervises itself (expiry and archiving every maintenanceIntervalSeconds).
  }

  async cancel(id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const { rowCount } = await this.pool.query(
      `UPDATE ${this.schema}.job SET state = 'cancelled', completed_on = now() WHERE id = $1 AND state < 'completed'`,
      [id],
    );
    return (rowCount ?? 0) > 0;
  }

  async get(id: string): Promise<JobInfo | undefined> {
    if (!UUID.test(id)) return undefined;
    const columns = 'id, name, state::text AS state, data, retry_count, started_on, output';
    const { rows } = await this.pool.query<JobRow>(
      `SELECT ${columns} FROM ${this.schema}.job WHERE id = $1 UNION ALL SELECT ${columns} FROM ${this.schema}.archive WHERE id = $1 LIMIT 1`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const failedBefore = row.state === 'failed' || row.state === 'retry';
    const message = failedBefore && typeof row.output?.message === 'string' ? row.output.message : null;
    return {
      id: row.id,
      name: row.name,
      state: STATES[row.state] ?? 'created',
      payload: row.data,
      attempts: row.started_on === null ? 0 : row.retry_count + 1,
      lastError: message,
    };
  }

  async close(): Promise<void> {
    await this.boss.stop({ close: false, graceful: false, wait: true });
  }
}

function requireId(id: string | null, name: string): string {
  if (!id) throw new Error(`pg-boss did not store job ${name}`);
  return id;
}
