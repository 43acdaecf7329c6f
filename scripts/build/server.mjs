/**
 * Builds the server into one ES module, packages/server/dist/main.js (issue 10, goal 3): loading
 * one file is much faster than compiling ~400 TypeScript modules through tsx at every start.
 * Our own code (server and the shared package, which ships TypeScript) is bundled; every other
 * package stays an import from node_modules. `npm run build` and `npm start` run it; tsx stays
 * for development and tests (packages/server/test/support/server-process.ts).
 *
 *   node scripts/build/server.mjs
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh } from './freshness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = path.join(ROOT, 'packages/server/src/main.ts');
export const SERVER_BUILD = path.join(ROOT, 'packages/server/dist/main.js');
/** What the server build is made from (root package.json: the version is read at run time, not built in). */
export const SERVER_SOURCES = [
  path.join(ROOT, 'packages/server/src'),
  path.join(ROOT, 'packages/shared/src'),
  path.join(ROOT, 'packages/server/package.json'),
  path.join(ROOT, 'packages/shared/package.json'),
  fileURLToPath(import.meta.url),
];

/** Packages from node_modules stay imports; the workspace's own (`@linkloom/*`) are TypeScript and get bundled. */
const externalPackages = {
  name: 'linkloom:external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@linkloom/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Builds packages/server/dist/main.js; returns how long it took (ms). */
export async function buildServer() {
  const started = performance.now();
  // Loaded here, so `npm run serve` (which only asks isServerBuildFresh) never loads esbuild.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [SERVER_ENTRY],
    outfile: SERVER_BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
  return performance.now() - started;
}

/** True when the built server is newer than every source it is made from. */
export function isServerBuildFresh() {
  return isFresh(SERVER_BUILD, SERVER_SOURCES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  process.stdout.write(`server built: ${path.relative(ROOT, SERVER_BUILD)} (${Math.round(ms)} ms)\n`);
}
