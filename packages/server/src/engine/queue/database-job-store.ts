import type { Database } from '../../platform/db/dialect';
import type { ClaimedJob, InsertJob, JobStore } from './job-store';
import type { JobInfo } from './queue';
import {
  cancelJob,
  claimJobs,
  completeJob,
  deleteFinishedJobs,
  failJob,
  findJob,
  insertJob,
  reapExpiredLeases,
  releaseJob,
  renewLeases,
} from './jobs.repository';

const KEEP_FINISHED_MS = 7 * 24 * 3600_000;
const PURGE_EVERY_MS = 3600_000;

/**
 * The durable driver's store: the `jobs` table of the app's own database (SQLite by default; it
 * works on PostgreSQL too). Jobs survive restarts; a dead worker's runs come back when their lease
 * expires. Times come from this process's clock.
 */
export class DatabaseJobStore implements JobStore {
  private lastPurge = 0;

  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async open(): Promise<void> {
    // The table comes with the app's migrations.
  }

  async prepare(): Promise<void> {
    // Nothing per name.
  }

  insert(job: InsertJob): Promise<string> {
    return insertJob(this.db, job, Date.now());
  }

  claim(name: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
    const now = Date.now();
    return claimJobs(this.db, this.database.dialect, name, limit, now + leaseMs, now);
  }

  renew(jobs: readonly ClaimedJob[], leaseMs: number): Promise<Set<string>> {
    return renewLeases(this.db, jobs, Date.now() + leaseMs);
  }

  complete(job: ClaimedJob): Promise<void> {
    return completeJob(this.db, job, Date.now());
  }

  fail(job: ClaimedJob, error: string, options: { retry: boolean }): Promise<void> {
    return failJob(this.db, job, error, Date.now(), options.retry);
  }

  release(job: ClaimedJob): Promise<void> {
    return releaseJob(this.db, job, Date.now());
  }

  async maintain(now: number): Promise<void> {
    await reapExpiredLeases(this.db, now);
    if (now - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = now;
      await deleteFinishedJobs(this.db, now - KEEP_FINISHED_MS);
    }
  }

  cancel(id: string): Promise<boolean> {
    const numeric = toRowId(id);
    return numeric === undefined ? Promise.resolve(false) : cancelJob(this.db, numeric, Date.now());
  }

  async get(id: string): Promise<JobInfo | undefined> {
    const numeric = toRowId(id);
    return numeric === undefined ? undefined : findJob(this.db, numeric);
  }

  async close(): Promise<void> {
    // The database belongs to the caller.
  }
}

function toRowId(id: string): number | undefined {
  return /^[1-9]\d{0,15}$/.test(id) ? Number(id) : undefined;
}
