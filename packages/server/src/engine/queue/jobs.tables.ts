import type { Generated } from 'kysely';

/** Where a job of the database driver is in its life; the last three are final. */
export type StoredJobState = 'created' | 'active' | 'completed' | 'failed' | 'cancelled';

/**
 * One job of the durable database driver (engine/queue/database-job-store.ts). Times are epoch
 * milliseconds like every other table; `retry_delay` is in seconds.
 */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** The handler's input, as JSON text. */
  payload: string;
  state: Generated<StoredJobState>;
  /** At most one not-finished (created/active) job per name and key (a partial unique index). */
  singleton_key: string | null;
  /** Not claimed before this instant (delayed sends and retries). */
  start_after: number;
  /** Runs started so far; also the fencing token of the current run. */
  attempts: Generated<number>;
  /** Retries allowed after the first run. */
  retry_limit: number;
  retry_delay: number;
  /** Lease of the running worker: past this instant the run is taken for dead (crash, kill). */
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  completed_at: number | null;
}

export interface JobTables {
  jobs: JobsTable;
}
