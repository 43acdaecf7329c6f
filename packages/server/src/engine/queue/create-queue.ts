import type { Database } from '../../platform/db/dialect';
import { DatabaseJobStore } from './database-job-store';
import type { JobSchemas } from './job-payloads';
import { LazyPgBossJobStore } from './lazy-pg-boss-job-store';
import { PollingQueue } from './polling-queue';
import { QUEUE_DEFAULTS, type Queue, type QueueDriverName } from './queue';
import { silentLogger, type QueueLogger } from './queue-logger';

export interface CreateQueueOptions {
  /** Default: pg-boss on PostgreSQL, the database driver on SQLite. */
  driver?: QueueDriverName;
  /** Idle polling interval (default 250 ms); local sends and finished runs wake the loop at once. */
  pollIntervalMs?: number;
  /** A crashed worker's running job is taken up again this long after its last renewal (default 30 s). */
  leaseSeconds?: number;
  /** pg-boss only: its schema (default `<DATABASE_SCHEMA or linkloom>_pgboss`). */
  pgBossSchema?: string;
  /** pg-boss only: how often it expires dead runs and archives finished jobs (default 30 s). */
  maintenanceIntervalSeconds?: number;
  logger?: QueueLogger;
}

/** The schema pg-boss uses next to the app's own tables. */
export function pgBossSchemaFor(database: Database): string {
  return `${database.pgSchema ?? 'linkloom'}_pgboss`;
}

/**
 * The queue of the jobs in `jobs` (job name → payload schema; the app's is JOB_PAYLOADS) for this
 * database: pg-boss on PostgreSQL, the durable database driver on SQLite.
 */
export function createQueue<M extends JobSchemas>(database: Database, jobs: M, options: CreateQueueOptions = {}): Queue<M> {
  const driver = options.driver ?? (database.dialect === 'postgres' ? 'pg-boss' : 'database');
  const logger = options.logger ?? silentLogger;
  const leaseSeconds = options.leaseSeconds ?? QUEUE_DEFAULTS.leaseSeconds;
  const pollIntervalMs = options.pollIntervalMs ?? QUEUE_DEFAULTS.pollIntervalMs;
  if (!(leaseSeconds >= 1)) throw new Error('The job lease must be at least 1 second');
  if (driver === 'database') {
    return new PollingQueue(driver, jobs, new DatabaseJobStore(database), { pollIntervalMs, leaseMs: leaseSeconds * 1000, logger });
  }
  if (!database.pgPool) throw new Error('The pg-boss job queue needs PostgreSQL (DATABASE_URL=postgres://…)');
  const store = new LazyPgBossJobStore(database.pgPool, {
    schema: options.pgBossSchema ?? pgBossSchemaFor(database),
    leaseSeconds: Math.ceil(leaseSeconds),
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    onError: (error) => logger.error({ err: error }, 'pg-boss reported an error'),
  });
  return new PollingQueue(driver, jobs, store, { pollIntervalMs, leaseMs: leaseSeconds * 1000, logger });
}
