import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Piscina } from 'piscina';
import { REPO_ROOT } from '../../platform/config';
import { bundledWorker } from '../../platform/worker-entry';
import type { ContentResult, ContentTask } from './content-tasks';

/**
 * The worker threads that take large content work off the thread serving everyone's requests
 * (design rule 20, issue 33.4): a piscina pool, created at the first large task (never at server
 * start, which stays as fast as it was: piscina itself is loaded then), closed with the app. Its
 * threads leave after a while idle (an idle thread holds its modules and the synonym list), and
 * never keep the process alive.
 *
 * One pool per process, shared by every app and the engine's jobs (a `worker` process has no app);
 * closing it lets the tasks under way finish, and the next large task makes a new one.
 */

/**
 * The thread's entry, from the sources whether the server runs from them (tsx) or from the esbuild
 * bundle in dist/ (where this module's own URL is the bundle's), as link-import.worker.ts is: a
 * plain module that registers tsx in the new thread, then loads content-work.worker.ts.
 */
const BOOTSTRAP = path.join(REPO_ROOT, 'packages/server/src/engine/content-work/content-work.bootstrap.mjs');

/** Half the cores (at least one, at most four): the other half keeps serving requests and the database. */
const THREADS = Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
/** Tasks waiting for a thread beyond which a new one is refused (ContentWorkBusyError) rather than queued. */
export const CONTENT_QUEUE_LIMIT = 32;
/** An idle thread leaves after this long (the next task reloads it: about a second). */
const IDLE_MS = 5 * 60_000;
/** A thread's heap: a 500 KB article needs well under this; a larger need ends the task, not the server. */
const HEAP_MB = 384;
/**
 * The threads' niceness above the server's (piscina sets it through @napi-rs/nice where that
 * installs; without it the threads run at the server's priority): when the cores are busy, the
 * thread answering requests is served before a long spin.
 */
const NICE_INCREMENT = 10;

export const CONTENT_POOL_MESSAGES = {
  busy: 'The server is busy with other large texts: try again in a moment',
} as const;

/** Too many large tasks wait already: the caller answers "busy" (503) or retries later. */
export class ContentWorkBusyError extends Error {
  constructor() {
    super(CONTENT_POOL_MESSAGES.busy);
    this.name = 'ContentWorkBusyError';
  }
}

let pool: Piscina<ContentTask, ContentResult> | null = null;

async function openPool(): Promise<Piscina<ContentTask, ContentResult>> {
  if (pool) return pool;
  const { Piscina: Pool } = await import('piscina');
  // Another task may have opened it while piscina loaded.
  pool ??= new Pool({
    // From the server bundle: the worker's own bundle (milliseconds to load); from the sources: tsx.
    filename: bundledWorker('content-work') ?? BOOTSTRAP,
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: IDLE_MS,
    // The thread registers tsx itself: the server's own flags (`--import tsx` under development) are not for it.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    niceIncrement: NICE_INCREMENT,
  });
  return pool;
}

/** Runs a task on a pool thread; `signal` takes it back from the queue (or ends its thread) when aborted. */
export async function runOnPool(task: ContentTask, signal?: AbortSignal): Promise<ContentResult> {
  const threads = await openPool();
  if (threads.queueSize >= CONTENT_QUEUE_LIMIT) throw new ContentWorkBusyError();
  return threads.run(task, signal ? { signal } : {});
}

/** Closes the pool (the app's onClose): tasks under way finish first. A later task opens a new pool. */
export async function closeContentPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}
