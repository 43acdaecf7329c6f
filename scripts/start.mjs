/**
 * `npm start`: builds what changed since the last build — the web app (Vite) and the server
 * (scripts/build/server.mjs) — then serves from the build. On a machine where nothing changed it
 * only compares file times, so the server answers within a second.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh } from './build/freshness.mjs';
import { buildServer, isServerBuildFresh } from './build/server.mjs';
import { runServer } from './run-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'packages/web');
/** Written last by a successful web build (vite.config.ts), so a failed one is never taken as done. */
const WEB_BUILT = path.join(WEB, 'dist/.vite/built');
const WEB_SOURCES = [
  path.join(WEB, 'src'), path.join(WEB, 'index.html'), path.join(WEB, 'vite.config.ts'), path.join(WEB, 'package.json'),
  path.join(ROOT, 'packages/shared/src'), path.join(ROOT, 'scripts/build/web-assets.ts'), path.join(ROOT, 'package-lock.json'),
];

if (!isFresh(WEB_BUILT, WEB_SOURCES)) {
  const vite = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: WEB, stdio: 'inherit' });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
}
if (!isServerBuildFresh()) {
  const { ms } = await buildServer();
  process.stdout.write(`server built (${Math.round(ms)} ms)\n`);
}
// `npm start` serves: main.ts reads its command from process.argv[2].
process.argv.splice(2, process.argv.length - 2, 'serve');
await runServer();
