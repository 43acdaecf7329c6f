/**
 * A worker thread that writes one large link file import with a database connection of its own
 * (run-link-import.ts starts it): parsing a million lines and running SQLite's statements happen
 * off the thread that serves requests, so other users' requests keep their latency meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase, type DatabaseOptions } from '../../platform/db/dialect';
import { HttpError } from '../../platform/http/errors';
import { writeLinkFile, type LinkFileJob } from './write-link-file';

/** SQLite page cache of the worker's connection (KiB): keeps a chunk's index pages in memory until its commit. */
const SQLITE_CACHE_KIB = 48 * 1024;

/** What the worker is given. */
export interface LinkImportWorkerData {
  database: DatabaseOptions;
  job: LinkFileJob;
}

/** What it says back: progress, then the result or the error. */
export type LinkImportWorkerMessage =
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
  const database = openDatabase(data.database);
  try {
    if (database.dialect === 'sqlite') await sql.raw(`pragma cache_size = -${SQLITE_CACHE_KIB}`).execute(database.db);
    const result = await writeLinkFile(database, data.job, (progress) => post({ kind: 'progress', progress }));
    post({ kind: 'result', result });
  } catch (err) {
    post({ kind: 'error', statusCode: err instanceof HttpError ? err.statusCode : undefined, message: err instanceof Error ? err.message : String(err) });
  } finally {
    await database.close();
  }
}

if (parentPort) void run(parentPort, workerData as LinkImportWorkerData);
