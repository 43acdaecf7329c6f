/**
 * `npm start`: builds what changed since the last build — the web app (Vite) and the server
 * (scripts/build/server.mjs) — then serves from the build. On a machine where nothing changed it
 * only compares file times, so the server answers within a second.
 */
import { buildWhatChanged } from './build/build-what-changed.mjs';
import { runServer } from './run-server.mjs';

try {
  await buildWhatChanged();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
// `npm start` serves: main.ts reads its command from process.argv[2].
process.argv.splice(2, process.argv.length - 2, 'serve');
await runServer();
