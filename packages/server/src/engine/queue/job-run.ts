import type { ClaimedJob } from './job-store';
import { JobPayloadError } from './job-payloads';
import { JobAbortedError, type JobHandler } from './queue';

export interface Registration {
  name: string;
  /** The job's handler behind the parse of its stored payload (job-payloads.ts parsingHandler). */
  handler: JobHandler<unknown>;
  concurrency: number;
  timeoutMs: number;
  /** Runs of this name in this process now. */
  running: number;
}

/** One run of a job in this process. */
export interface Run {
  job: ClaimedJob;
  registration: Registration;
  controller: AbortController;
  /** Its outcome is being written: lease checks leave it alone. */
  finishing: boolean;
  /** Cancelled, taken over or released: the store already has its state, the outcome is dropped. */
  detached: boolean;
  done: Promise<void>;
}

/** A failed run is retried per the job's limits, unless `retry` is false (a payload its schema refuses). */
export type RunOutcome = { ok: true } | { ok: false; error: string; retry: boolean } | { ok: 'detached' };

/**
 * Runs the handler until it settles or the run's signal aborts (cancel, timeout, lease lost,
 * stop), whichever comes first: an aborted run frees its slot at once even if the handler
 * ignores the signal.
 */
export async function executeRun(run: Run): Promise<RunOutcome> {
  const { job, registration, controller } = run;
  const timer = setTimeout(() => {
    controller.abort(new JobAbortedError('timeout', `Job ${job.name} took longer than ${registration.timeoutMs / 1000} s and was stopped`));
  }, registration.timeoutMs);
  try {
    const context = { id: job.id, name: job.name, payload: job.payload, attempt: job.attempt, signal: controller.signal };
    await untilAborted(() => registration.handler(context), controller.signal);
    return run.detached ? { ok: 'detached' } : { ok: true };
  } catch (error) {
    return run.detached ? { ok: 'detached' } : { ok: false, error: describeError(error), retry: !(error instanceof JobPayloadError) };
  } finally {
    clearTimeout(timer);
  }
}

function untilAborted(start: () => Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    let running: Promise<void>;
    try {
      running = start();
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The error text stored with the job: the handler's own message, meant for a user to act on. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}
