import type { Queue } from '../queue/queue';

/** True while a job is waiting or running (it will still act); false once it finished, failed or is gone. */
export async function isJobAlive(queue: Pick<Queue, 'getJob'>, jobId: string): Promise<boolean> {
  const job = await queue.getJob(jobId);
  return job !== undefined && (job.state === 'created' || job.state === 'active');
}
