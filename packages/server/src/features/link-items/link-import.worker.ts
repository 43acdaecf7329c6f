/**
 * A worker thread that writes one large link file import with a database connection of its own
 * (run-link-import.ts starts it): parsing a million lines and running SQLite's statements happen
 * off the thread that serves requests, so other users' requests keep their latency meanwhile.
 */
import { parentPort } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
// Only what a SQLite import runs is loaded up front: the thread's memory is what it loads (about
// 120 MB with Kysely, the database layer and the whole shared package; a third of that without).
// PostgreSQL's side (Kysely, pg) is imported when the job names a PostgreSQL database.
import type { DatabaseOptions } from '../../platform/db/dialect';
import { HttpError } from '../../platform/http/errors';
import { WaitingWriters } from '../../platform/db/waiting-writers';
import { openSqliteLinkChunks } from './sqlite-link-chunks';
import { writeLinkFile, type LinkChunks, type LinkFileJob } from './write-link-file';

/** What the worker is sent once the upload is spooled (it starts while the upload still arrives). */
export interface LinkImportWorkerData {
  database: DatabaseOptions;
  job: LinkFileJob;
  /** SQLite: the request thread's count of statements waiting for the write lock (platform/db/waiting-writers.ts). */
  waitingWriters: SharedArrayBuffer | undefined;
}

/** What it says back: progress, then the result or the error. */
export type LinkImportWorkerMessage =
  | { kind: 'ready' }
  | { kind: 'progress'; progress: { readBytes: number; totalBytes: number; added: number; done: boolean } }
  | { kind: 'result'; result: { added: number; skipped: number; errors: { line: number; message: string }[] } }
  | { kind: 'error'; statusCode: number | undefined; message: string };

async function run(port: NonNullable<typeof parentPort>, data: LinkImportWorkerData): Promise<void> {
  // Linux schedules threads on their own: a lower priority for this one leaves the request thread first in line for the CPU.
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here: run at the normal priority.
  }
  const post = (message: LinkImportWorkerMessage) => port.postMessage(message);
  // SQLite: a connection of its own with prepared statements; PostgreSQL: a pool of its own through Kysely.
  let chunks: LinkChunks & { close(): Promise<void> | void };
  if (data.database.databaseUrl) {
    const [{ openDatabase }, { kyselyLinkChunks }] = await Promise.all([import('../../platform/db/dialect'), import('./kysely-link-chunks')]);
    const database = openDatabase(data.database);
    chunks = { ...kyselyLinkChunks(database, data.job), close: () => database.close() };
  } else {
    const waitingWriters = data.waitingWriters ? new WaitingWriters(data.waitingWriters) : new WaitingWriters();
    chunks = openSqliteLinkChunks(path.join(data.database.dataDir, data.database.fileName ?? 'linkloom.sqlite'), data.job, waitingWriters);
  }
  let outcome: LinkImportWorkerMessage;
  try {
    const result = await writeLinkFile(chunks, data.job, (progress) => post({ kind: 'progress', progress }));
    outcome = { kind: 'result', result };
  } catch (err) {
    outcome = { kind: 'error', statusCode: err instanceof HttpError ? err.statusCode : undefined, message: err instanceof Error ? err.message : String(err) };
  } finally {
    await chunks.close();
  }
  // After the connection is closed: the main thread ends this thread when it hears the outcome.
  post(outcome);
}

if (parentPort) {
  const port = parentPort;
  port.once('message', (data: LinkImportWorkerData) => void run(port, data));
  port.postMessage({ kind: 'ready' } satisfies LinkImportWorkerMessage);
}
