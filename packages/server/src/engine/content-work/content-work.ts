/**
 * Where content work runs: small inputs right here (a thread hop costs about a millisecond, more
 * than spinning a short text), large ones on the content pool's threads, so one user's 500 KB
 * article never holds up the thread that answers everyone else (issue 33.4).
 */
import { runOnPool } from './content-pool';
import { performContentTask, taskSize, type BuildPostOutcome, type BuildPostTask, type ContentTask, type SpinRun } from './content-tasks';

export { CONTENT_POOL_MESSAGES, ContentWorkBusyError, closeContentPool } from './content-pool';
export type { BuildPostOutcome, BuildPostTask, PositionalLinks, SpinRun, TaskLinkSource } from './content-tasks';

/**
 * Characters of text from which a task goes to a thread. Below it the work takes a few
 * milliseconds at most (the synonym spinner does ~1 MB/s on one core at worst: 16 K ≈ 15 ms).
 */
export const OFF_LOOP_MIN_CHARS = 16 * 1024;

export interface ContentWorkOptions {
  /** Aborts the task (a run stopped): taken back from the queue, or its thread ended. */
  signal?: AbortSignal;
}

async function perform(task: ContentTask, options: ContentWorkOptions): Promise<string[][] | BuildPostOutcome> {
  if (taskSize(task) < OFF_LOOP_MIN_CHARS) return performContentTask(task);
  return runOnPool(task, options.signal);
}

/** Each run's texts spun (see SpinRun), in order. */
export async function spinTexts(runs: SpinRun[], options: ContentWorkOptions = {}): Promise<string[][]> {
  const result = await perform({ kind: 'spin', runs }, options);
  if (!Array.isArray(result)) throw new TypeError('a spin task answered with a post');
  return result;
}

/** One post built by the content pipeline (see buildPost), and the positions of positional link sets it read. */
export async function buildPostWork(task: BuildPostTask, options: ContentWorkOptions = {}): Promise<BuildPostOutcome> {
  const result = await perform({ kind: 'build-post', task }, options);
  if (Array.isArray(result)) throw new TypeError('a build task answered with spun texts');
  return result;
}
