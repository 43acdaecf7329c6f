import type { AppConfig } from '../../platform/config';
import type { Database } from '../../platform/db/dialect';
import { JOB_NAMES, jobRegistrations } from '../jobs/registry';
import { createQueue, type CreateQueueOptions } from './create-queue';
import type { Queue } from './queue';
import type { QueueLogger } from './queue-logger';

/**
 * A queue with every registered job handler, checked (a job name without a handler stops it here)
 * and started: what `worker` runs, and what the server can embed.
 */
export async function startJobWorker(config: AppConfig, database: Database, logger: QueueLogger, options: CreateQueueOptions = {}): Promise<Queue> {
  const queue = createQueue(database, { logger, ...options });
  for (const { name, handler, options: registerOptions } of jobRegistrations({ config, database, queue })) {
    queue.register(name, handler, registerOptions);
  }
  queue.assertHandlers(JOB_NAMES);
  await queue.start();
  logger.info(`Job worker started (${queue.driver} queue; jobs: ${JOB_NAMES.join(', ') || 'none'})`);
  return queue;
}
