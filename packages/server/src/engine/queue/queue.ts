/**
 * The job queue the engine runs on: one interface, two drivers (engine/queue/create-queue.ts picks
 * one). The durable database driver keeps jobs in the app's own database (the embedded default);
 * the pg-boss driver serves PostgreSQL installations where any number of worker processes share
 * the work.
 *
 * Delivery is at least once: a run that crashes (its lease expires), times out or is released at
 * shutdown runs again, so handlers must be idempotent (checkpoint before side effects).
 */

import type { JobNameOf, JobSchemas, PayloadInputOf, PayloadOf } from './job-payloads';

/** What a handler receives for one run of a job. */
export interface JobContext<P = unknown> {
  id: string;
  name: string;
  payload: P;
  /** 1 for the first run, 2 for the first retry, … (a run after a crash counts too). */
  attempt: number;
  /**
   * Aborted when the job is cancelled, times out, loses its lease or the queue stops without
   * waiting; `signal.reason` says which (a JobAbortedError). Pass it on to fetch() and friends.
   */
  signal: AbortSignal;
}

/** Resolves: the job is completed. Throws: it is retried per its limits, then failed. */
export type JobHandler<P = unknown> = (job: JobContext<P>) => Promise<void>;

export interface RegisterOptions {
  /** Runs of this job name at the same time in this process (default 1). */
  concurrency?: number;
  /** A run taking longer is aborted and counts as a failed attempt (default 15 minutes). */
  timeoutSeconds?: number;
}

export interface SendOptions {
  /**
   * At most one not-finished (waiting or running) job per name and key: sending again returns the
   * id of the job already there. Gives scheduled runs deterministic identities.
   */
  singletonKey?: string;
  /** Not started before this instant. */
  startAfter?: Date;
  /** Retries after the first run (default 2). */
  retryLimit?: number;
  /** Wait before each retry (default 5 s). */
  retryDelaySeconds?: number;
}

export interface StopOptions {
  /**
   * true (default): take no new jobs and wait for the running ones (up to `timeoutMs`).
   * false: abort the running ones at once. Either way, runs still going at the end are aborted
   * and put back to wait, without counting as an attempt.
   */
  graceful?: boolean;
  /** Longest wait for running handlers when graceful (default 30 s). */
  timeoutMs?: number;
}

export type JobState = 'created' | 'active' | 'completed' | 'failed' | 'cancelled';

/** A job as stored (for the engine's status views and for tests). */
export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  payload: unknown;
  /** Runs started so far. */
  attempts: number;
  lastError: string | null;
}

export type QueueDriverName = 'database' | 'pg-boss';

/**
 * A queue of the jobs named in its schema map `M` (the app's is JOB_PAYLOADS): `send` parses a
 * payload with its job's schema before storing it (a refused payload throws, nothing is stored);
 * a run parses the stored payload again and hands the parsed payload to the handler.
 */
export interface Queue<M extends JobSchemas = JobSchemas> {
  readonly driver: QueueDriverName;
  /** Adds the handler of a job name of the map; before start() only, once per name. */
  register<N extends JobNameOf<M>>(name: N, handler: JobHandler<PayloadOf<M, N>>, options?: RegisterOptions): void;
  /** Throws, listing them, when any of these job names has no handler: the app refuses to start. */
  assertHandlers(names: readonly string[]): void;
  /** Stores a job (any process may send, also one that handles nothing) and returns its id. */
  send<N extends JobNameOf<M>>(name: N, payload: PayloadInputOf<M, N>, options?: SendOptions): Promise<string>;
  /** Cancels a waiting or running job (a running one's signal aborts); false when already finished. */
  cancel(id: string): Promise<boolean>;
  getJob(id: string): Promise<JobInfo | undefined>;
  /** Starts taking jobs of the registered names. */
  start(): Promise<void>;
  /** Stops taking jobs and settles the running ones (see StopOptions); the database stays open. */
  stop(options?: StopOptions): Promise<void>;
}

/**
 * A handler with its name and options, as a job registry lists them: for a list of several job
 * names it is the union of one registration per name, each handler typed by its own payload.
 */
export type JobRegistration<M extends JobSchemas, N extends JobNameOf<M> = JobNameOf<M>> = {
  [K in N]: { name: K; handler: JobHandler<PayloadOf<M, K>>; options?: RegisterOptions };
}[N];

/** Registers one listed job on a queue of the same map (its name and handler stay paired). */
export function registerJob<M extends JobSchemas, N extends JobNameOf<M>>(queue: Queue<M>, job: JobRegistration<M, N>): void {
  queue.register(job.name, job.handler, job.options);
}

/** Why a running job's signal was aborted. */
export class JobAbortedError extends Error {
  constructor(
    readonly reason: 'cancelled' | 'timeout' | 'lease-lost' | 'stopping',
    message: string,
  ) {
    super(message);
    this.name = 'JobAbortedError';
  }
}

export const QUEUE_DEFAULTS = {
  concurrency: 1,
  timeoutSeconds: 15 * 60,
  retryLimit: 2,
  retryDelaySeconds: 5,
  stopTimeoutMs: 30_000,
  /** Idle polling; a local send or a finished run wakes the loop at once. */
  pollIntervalMs: 250,
  /** A crashed worker's job runs again this long after its last lease renewal. */
  leaseSeconds: 30,
} as const;

const JOB_NAME = /^[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*$/;

/** Job names are short dotted/dashed lower-case words (`project.run`, `site-post`). */
export function assertJobName(name: string): void {
  if (name.length > 100 || !JOB_NAME.test(name)) {
    throw new Error(`Invalid job name "${name}": use lower-case letters and digits separated by ".", "-" or "_" (at most 100 characters)`);
  }
}
