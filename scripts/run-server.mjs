/**
 * `npm run serve` and `npm run worker`: runs the server command given (`serve`, `worker`) from the
 * build (packages/server/dist/main.js, made by `npm run build` and `npm start`, which runs the
 * bundle server.cjs with V8's code cache) when it is newer than the sources — one script to load,
 * mostly from the cache, so the server answers within a second of starting — and
 * from the TypeScript sources through tsx otherwise, so an edit is never run stale.
 *
 *   node scripts/run-server.mjs serve
 */
import path from 'node:path';
import v8 from 'node:v8';
import { pathToFileURL } from 'node:url';
import { SERVER_BUILD, SERVER_ENTRY, isServerBuildFresh } from './build/server.mjs';

/** Runs packages/server/src/main.ts in this process (its command is process.argv[2], as given). */
export async function runServer() {
  // Start-up makes only long-lived objects: keep V8's young generation at its initial size until the
  // server is up, when endStartUp() (packages/server/src/platform/runtime/start-up-memory.ts)
  // lets it grow again. Idle memory is then what the server holds, not a young generation grown by start-up.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  if (isServerBuildFresh()) {
    await import(pathToFileURL(SERVER_BUILD).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  process.stderr.write(`${path.relative(process.cwd(), SERVER_BUILD)} is missing or older than the sources: running them through tsx (npm run build makes the start fast again)\n`);
  await import(pathToFileURL(SERVER_ENTRY).href);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runServer();
