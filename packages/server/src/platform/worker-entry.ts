/**
 * Where the code of a worker thread the server starts is (issue 40 item 4). Run from the esbuild
 * bundle (`npm start`, dist/server.cjs), a worker is its own bundle beside it, built with it by
 * scripts/build/server.mjs: plain JavaScript that loads in milliseconds. Run from the sources
 * (development, most tests), it is the TypeScript module, which the thread compiles through tsx
 * (registered in the thread first): a second or more, and tsx's own memory, on every new thread —
 * what made a user's first built-in article wait, and longer still on a busy machine, where the
 * content threads run at a lower priority.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './config';

/** Each worker's TypeScript module, from the repository's root. */
export const WORKER_SOURCES = {
  'content-work': 'packages/server/src/engine/content-work/content-work.worker.ts',
  'link-import': 'packages/server/src/features/link-items/link-import.worker.ts',
} as const;
export type WorkerName = keyof typeof WORKER_SOURCES;

/** The folder of the bundled workers, beside the server bundle; each is `<name>.worker.js`. */
export const BUNDLED_WORKERS_DIR = 'workers';

const thisFile = fileURLToPath(import.meta.url);
/** This module is TypeScript when the server runs from its sources, part of dist/server.cjs when bundled. */
const runsFromBundle = !thisFile.endsWith('.ts');

/** The bundled worker when the server runs from its bundle and the worker was built with it; else null. */
export function bundledWorker(name: WorkerName): string | null {
  if (!runsFromBundle) return null;
  const file = path.join(path.dirname(thisFile), BUNDLED_WORKERS_DIR, `${name}.worker.js`);
  return fs.existsSync(file) ? file : null;
}

/** The worker's TypeScript module (run through tsx). */
export function workerSource(name: WorkerName): string {
  return path.join(REPO_ROOT, WORKER_SOURCES[name]);
}
