import type { JobInfo } from './queue';

/** One run of a job, as claimed by this process. */
export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  /** 1-based number of this run. */
  attempt: number;
}

export interface InsertJob {
  name: string;
  payload: object;
  singletonKey: string | undefined;
  startAfter: Date | undefined;
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * Where a driver keeps its jobs. The polling queue (polling-queue.ts) drives the loop, leases,
 * signals and shutdown; a store only answers these calls atomically, so two processes never claim
 * the same run.
 */
export interface JobStore {
  /** Connects / installs what the store needs; called once before anything else. */
  open(): Promise<void>;
  /** Readies the store for these job names before claiming them. */
  prepare(names: readonly string[]): Promise<void>;
  /** Stores a job, or returns the id of the not-finished one with the same singleton key. */
  insert(job: InsertJob): Promise<string>;
  /** Marks up to `limit` due jobs of `name` running under a lease of `leaseMs`, and returns them. */
  claim(name: string, limit: number, leaseMs: number): Promise<ClaimedJob[]>;
  /** Extends the leases of these runs; returns the ones still held (the others were cancelled or taken). */
  renew(jobs: readonly ClaimedJob[], leaseMs: number): Promise<Set<string>>;
  complete(job: ClaimedJob): Promise<void>;
  /** A failed attempt: waits for a retry, or fails for good when no retry is left (or `retry` is false). */
  fail(job: ClaimedJob, error: string, options: { retry: boolean }): Promise<void>;
  /** Puts an interrupted run back to wait, without counting it as an attempt. */
  release(job: ClaimedJob): Promise<void>;
  /** Runs whose lease expired (their worker died) are retried or failed; the store's housekeeping. */
  maintain(now: number): Promise<void>;
  cancel(id: string): Promise<boolean>;
  get(id: string): Promise<JobInfo | undefined>;
  close(): Promise<void>;
}
