import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../platform/config';
import type { Database } from '../../platform/db/dialect';
import { registerJobs, startEngine } from '../jobs/engine';
import { createQueue, type CreateQueueOptions } from './create-queue';
import { JOB_PAYLOADS, type EngineQueue } from '../jobs/job-names';
import { realClock } from '../../platform/clock';
import type { QueueLogger } from './queue-logger';
import { recheckFlowOf } from '../verify/recheck-flow';

/**
 * A queue with every registered job handler, checked (a job name without a handler stops it here)
 * and started: what `worker` runs. Jobs handled here publish no live messages (no HTTP server in
 * this process); the screens see the results on their next load.
 */
export async function startJobWorker(config: AppConfig, database: Database, logger: QueueLogger, options: CreateQueueOptions = {}, version = '0.0.0'): Promise<EngineQueue> {
  const queue = createQueue(database, JOB_PAYLOADS, { logger, leaseSeconds: config.queueLeaseSeconds, ...options });
  const ctx: AppContext = { config, database, live: undefined, queue, version, clock: realClock };
  registerJobs(ctx);
  await startEngine(ctx, logger);
  // Stopping the worker stops its link re-checks first: none claims or checks links once the queue stops.
  const stopQueue = queue.stop.bind(queue);
  queue.stop = async (stopOptions) => {
    await recheckFlowOf(ctx).stop();
    return stopQueue(stopOptions);
  };
  return queue;
}
