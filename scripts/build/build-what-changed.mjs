/**
 * Builds what changed since the last build — the web app (Vite) and the server
 * (scripts/build/server.mjs) — and nothing when nothing did (only file times are compared).
 * `npm start` runs it before serving; `npm run bench` before measuring, so the figures are those
 * of what `npm start` serves.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh } from './freshness.mjs';
import { buildServer, isServerBuildFresh } from './server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'packages/web');
/** Written last by a successful web build (vite.config.ts), so a failed one is never taken as done. */
const WEB_BUILT = path.join(WEB, 'dist/.vite/built');
const WEB_SOURCES = [
  path.join(WEB, 'src'), path.join(WEB, 'index.html'), path.join(WEB, 'vite.config.ts'), path.join(WEB, 'package.json'),
  path.join(ROOT, 'packages/shared/src'), path.join(ROOT, 'scripts/build/web-assets.ts'), path.join(ROOT, 'package-lock.json'),
];

/** Builds the stale parts; throws when a build fails (its output went to this process's stdout and stderr). */
export async function buildWhatChanged() {
  if (!isFresh(WEB_BUILT, WEB_SOURCES)) {
    const vite = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: WEB, stdio: 'inherit' });
    if (vite.status !== 0) throw new Error(`the web build failed (vite exited with ${vite.status ?? vite.signal})`);
  }
  if (!isServerBuildFresh()) {
    const { ms } = await buildServer();
    process.stdout.write(`server built (${Math.round(ms)} ms)\n`);
  }
}
