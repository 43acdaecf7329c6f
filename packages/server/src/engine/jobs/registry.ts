import type { AppConfig } from '../../platform/config';
import type { Database } from '../../platform/db/dialect';
import type { JobRegistration, Queue } from '../queue/queue';

/** What job handlers may use; the engine adds to it as jobs arrive. */
export interface JobDependencies {
  config: AppConfig;
  database: Database;
  queue: Queue;
}

/** Answers at once: proves a worker takes jobs (smoke tests, `npm run worker` checks). */
export const PING_JOB = 'system.ping';

/** Every job name the app sends: the queue refuses to start when one has no handler below. */
export const JOB_NAMES: readonly string[] = [PING_JOB];

/** The handlers a worker (and the server's embedded engine) registers, one file per job in engine/jobs. */
export function jobRegistrations(_deps: JobDependencies): JobRegistration[] {
  return [{ name: PING_JOB, handler: async () => undefined, options: { concurrency: 4, timeoutSeconds: 10 } }];
}
