import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LinkImportResult } from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { REPO_ROOT } from '../../platform/config';
import { HttpError } from '../../platform/http/errors';
import type { LinkImportWorkerData, LinkImportWorkerMessage } from './link-import.worker';
import { INLINE_CHUNK_ROWS, kyselyLinkChunks, writeLinkFile, type LinkFileJob, type LinkImportProgress } from './write-link-file';

/** Files from this size on are written on a worker thread; smaller ones are done before a thread would start. */
export const WORKER_THREAD_MIN_BYTES = 4 * 1024 * 1024;
/**
 * Links per transaction on the worker thread. Measured on SQLite at 1M rows: chunks of 2,000 took
 * 2.3× the time of one transaction (every commit rewrites the pages the random-order url and anchor
 * indexes touched), 5,000 or 10,000 with a 48 MB page cache 1.6×; 20,000 with that cache take what
 * one transaction takes, each commit under a second, so other writers wait at most that long.
 */
export const WORKER_CHUNK_ROWS = 20_000;

/**
 * The worker's module, from the sources whether the server runs from them (tsx) or from the
 * esbuild bundle in dist/ (where this file's own URL is the bundle's): the worker loads on its own.
 */
const WORKER_URL = pathToFileURL(path.join(REPO_ROOT, 'packages/server/src/features/link-items/link-import.worker.ts'));

/**
 * The worker runs TypeScript as the server does, through tsx: registered in the new thread first,
 * then the worker module is imported (Node 20 loads a worker's entry before `--import` hooks apply).
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });
`;

function onWorkerThread(ctx: AppContext, job: Omit<LinkFileJob, 'chunkRows'>, onProgress: (progress: LinkImportProgress) => void): Promise<LinkImportResult> {
  const { config } = ctx;
  const workerData: LinkImportWorkerData & { entry: string } = {
    database: { databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, dataDir: config.dataDir },
    job: { ...job, chunkRows: WORKER_CHUNK_ROWS },
    waitingWriters: ctx.database.waitingWriters?.shared,
    entry: WORKER_URL.href,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData, execArgv: [] });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    worker.on('message', (message: LinkImportWorkerMessage) => {
      if (message.kind === 'progress') onProgress(message.progress);
      else if (message.kind === 'result') settle(() => resolve(message.result));
      else settle(() => reject(message.statusCode === undefined ? new Error(message.message) : new HttpError(message.statusCode, message.message)));
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`The link import thread stopped (exit code ${code}) before it was done`))));
  });
}

/**
 * Writes a spooled link file under its pending import: a large file on a worker thread with a
 * database connection of its own (its parsing and SQLite's work then never hold up the thread
 * that serves everyone's requests), a small one right here.
 */
export function runLinkImport(ctx: AppContext, job: Omit<LinkFileJob, 'chunkRows'>, onProgress: (progress: LinkImportProgress) => void): Promise<LinkImportResult> {
  return job.bytes >= WORKER_THREAD_MIN_BYTES
    ? onWorkerThread(ctx, job, onProgress)
    : writeLinkFile(kyselyLinkChunks(ctx.database, { ...job, chunkRows: INLINE_CHUNK_ROWS }), { ...job, chunkRows: INLINE_CHUNK_ROWS }, onProgress);
}
