import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LinkImportResult } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { bundledWorker, workerSource } from '../../platform/worker-entry';
import { HttpError } from '../../platform/http/errors';
import type { LinkImportWorkerData, LinkImportWorkerMessage } from './link-import.worker';
import { kyselyLinkChunks } from './kysely-link-chunks';
import { INLINE_CHUNK_ROWS, writeLinkFile, type LinkFileJob, type LinkImportProgress } from './write-link-file';

/** Files from this size on are written on a worker thread; smaller ones are done before a thread would start. */
export const WORKER_THREAD_MIN_BYTES = 4 * 1024 * 1024;
/**
 * Links the worker thread reads ahead and hands to its writer at a time. PostgreSQL writes each
 * batch in one transaction (its rows lock nobody out). SQLite's writer (sqlite-link-chunks.ts)
 * cuts transactions by time and by waiting writers instead, and carries one over from a chunk to
 * the next, so its chunks can be small: what the thread holds of the file is one chunk of links
 * (100,000 of them, as before transactions went over chunks, were 20 MB and more of its heap).
 */
export const WORKER_CHUNK_ROWS = { sqlite: 4096, postgres: 20_000 } as const;
/**
 * The thread's V8 heap (MB), part of the server's memory while the import runs (issue 40 item 7).
 * An import holds one chunk of links at a time, so it needs little; under V8's default limits the
 * young generation grows to tens of MB and garbage piles up in the old one long before it is
 * collected. With a smaller old generation V8 collects sooner; past it the import fails (its
 * thread ends with an error), not the server.
 */
const WORKER_HEAP_MB = { young: 12, old: 128 } as const;

/** The worker's TypeScript module, for a server run from its sources (platform/worker-entry.ts). */
const WORKER_URL = pathToFileURL(workerSource('link-import'));

/**
 * The worker runs TypeScript as the server does, through tsx: registered in the new thread first,
 * then the worker module is imported (Node 20 loads a worker's entry before `--import` hooks apply).
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });
`;

/** From the server bundle, the worker's own bundle (milliseconds to load); from the sources, the tsx bootstrap. */
function startImportWorker(): Worker {
  const bundled = bundledWorker('link-import');
  const options = {
    execArgv: [],
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_HEAP_MB.young, maxOldGenerationSizeMb: WORKER_HEAP_MB.old },
  };
  return bundled ? new Worker(bundled, options) : new Worker(BOOTSTRAP, { ...options, eval: true, workerData: { entry: WORKER_URL.href } });
}

/**
 * A thread for one large link import, started before the upload is spooled: loading it (about a
 * second through tsx) then overlaps the upload instead of following it. `run` hands it the job.
 */
export class LinkImportThread {
  readonly #worker = startImportWorker();
  #used = false;

  constructor(private readonly ctx: AppContext) {
    // Until run() listens, a failure to start is kept for it (an unhandled 'error' would end the process).
    this.#worker.on('error', () => undefined);
  }

  /** Writes the job on the thread, which ends with it. */
  run(job: Omit<LinkFileJob, 'chunkRows'>, onProgress: (progress: LinkImportProgress) => void): Promise<LinkImportResult> {
    if (this.#used) throw new Error('A link import thread runs one import');
    this.#used = true;
    const { config } = this.ctx;
    const data: LinkImportWorkerData = {
      database: { databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, dataDir: config.dataDir },
      job: { ...job, chunkRows: config.databaseUrl ? WORKER_CHUNK_ROWS.postgres : WORKER_CHUNK_ROWS.sqlite },
      waitingWriters: this.ctx.database.waitingWriters?.shared,
    };
    const worker = this.#worker;
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void) => {
        if (settled) return;
        settled = true;
        action();
      };
      worker.on('message', (message: LinkImportWorkerMessage) => {
        if (message.kind === 'progress') onProgress(message.progress);
        else if (message.kind === 'result') settle(() => resolve(message.result));
        else if (message.kind === 'error') settle(() => reject(message.statusCode === undefined ? new Error(message.message) : new HttpError(message.statusCode, message.message)));
      });
      worker.on('error', (err) => settle(() => reject(err)));
      worker.on('exit', (code) => settle(() => reject(new Error(`The link import thread stopped (exit code ${code}) before it was done`))));
      // Messages wait in the port until the thread's module listens.
      worker.postMessage(data);
    });
  }

  /** Ends a thread that got no job (the upload failed or turned out small) or whose job is done. */
  async stop(): Promise<void> {
    await this.#worker.terminate();
  }
}

/** Whether an upload of this declared length will be written on a thread (worth starting one early). */
export function wantsImportThread(contentLength: number): boolean {
  return contentLength >= WORKER_THREAD_MIN_BYTES;
}

/**
 * Writes a spooled link file under its pending import: a large file on a worker thread with a
 * database connection of its own (its parsing and SQLite's work then never hold up the thread
 * that serves everyone's requests; `thread`, when started early, is used), a small one right here.
 */
export async function runLinkImport(
  ctx: AppContext, job: Omit<LinkFileJob, 'chunkRows'>, onProgress: (progress: LinkImportProgress) => void, early?: LinkImportThread,
): Promise<LinkImportResult> {
  if (job.bytes < WORKER_THREAD_MIN_BYTES) {
    await early?.stop();
    const inline = { ...job, chunkRows: INLINE_CHUNK_ROWS };
    return writeLinkFile(kyselyLinkChunks(ctx.database, inline), inline, onProgress);
  }
  const thread = early ?? new LinkImportThread(ctx);
  try {
    return await thread.run(job, onProgress);
  } finally {
    await thread.stop();
  }
}
