/**
 * Builds the server into one ES module, packages/server/dist/main.js (issue 10, goal 3): loading
 * one file is much faster than compiling ~400 TypeScript modules through tsx at every start, and
 * than resolving and reading the ~1,000 files of its packages one by one. Our own code (server and
 * the shared package, which ships TypeScript) and every package that is plain code are bundled;
 * a package that reads files next to its own (its __dirname, import.meta.url, require.resolve, a
 * worker script) stays an import from node_modules, found by reading the bundled sources, as do
 * native addons and build tools. `npm run build` and `npm start` run it; tsx stays for development
 * and tests (packages/server/test/support/server-process.ts); test/api/built-server.test.ts runs
 * the build. Third-party licence comments go to main.js.LEGAL.txt beside it.
 *
 *   node scripts/build/server.mjs
 */
import fs from 'node:fs';
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

/** The worker threads' sources (packages/server/src/platform/worker-entry.ts names the same). */
export const WORKER_SOURCES = {
  'content-work': 'packages/server/src/engine/content-work/content-work.worker.ts',
  'link-import': 'packages/server/src/features/link-items/link-import.worker.ts',
};

/** Never bundled: native addons, optional native drivers and tools that only development loads. */
const ALWAYS_EXTERNAL = ['better-sqlite3', 'pg-native', 'esbuild', 'tsx', 'vite', 'vitest', 'playwright-core', 'fsevents'];
/** What in a package's code shows it opens files of its own, which a bundle would move away from. */
const READS_OWN_FILES = /__dirname|__filename|import\.meta\.(url|dirname|filename)|require\.resolve|new Worker\(/;

/** The package a module path belongs to (`@scope/name` or `name`), or null for our own code. */
function packageOf(modulePath) {
  const names = modulePath.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  return names ? names[names.length - 1].slice('node_modules/'.length) : null;
}

/** Imports of the packages in `external` stay imports; everything else is bundled. */
function keepExternal(external) {
  return {
    name: 'linkloom:external-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@linkloom/') || args.path.startsWith('node:') || path.isAbsolute(args.path)) return undefined;
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return external.has(name) ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

/**
 * Builds packages/server/dist/main.js (or `outfile`, which must lie inside the repository: the
 * server finds its root by walking up from itself); returns how long it took (ms) and which
 * packages stayed imports.
 */
export async function buildServer({ outfile = SERVER_BUILD } = {}) {
  const started = performance.now();
  // Loaded here, so `npm run serve` (which only asks isServerBuildFresh) never loads esbuild.
  const { build } = await import('esbuild');
  const options = (external) => ({
    absWorkingDir: ROOT,
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [keepExternal(external)],
    // Bundled CommonJS packages call require() for Node's modules and for the packages left outside.
    banner: { js: "import { createRequire as __linkloomRequire } from 'node:module'; const require = __linkloomRequire(import.meta.url);" },
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'linked',
    // Without comments and blanks, and ASCII only: V8 keeps the whole source as one string, and a single
    // character outside Latin-1 makes it two bytes per character (a 7.5 MB bundle held 15 MB of heap).
    // Names are kept, so stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    metafile: true,
  });
  // First pass: everything bundled, to read which packages open files of their own; second: those left outside.
  const probe = await build({ ...options(new Set(ALWAYS_EXTERNAL)), write: false, sourcemap: false });
  const external = new Set(ALWAYS_EXTERNAL);
  for (const input of Object.keys(probe.metafile.inputs)) {
    const name = packageOf(input);
    if (name && !external.has(name) && READS_OWN_FILES.test(fs.readFileSync(path.join(ROOT, input), 'utf8'))) external.add(name);
  }
  await build(options(external));
  // The worker threads' code, each a bundle of its own beside main.js (platform/worker-entry.ts): a
  // thread started from the bundle loads it in milliseconds instead of compiling TypeScript through tsx.
  const workersDir = path.join(path.dirname(outfile), 'workers');
  fs.rmSync(workersDir, { recursive: true, force: true });
  const common = options(external);
  delete common.outfile;
  await build({
    ...common,
    entryPoints: Object.fromEntries(Object.entries(WORKER_SOURCES).map(([name, source]) => [`${name}.worker`, path.join(ROOT, source)])),
    outdir: workersDir,
    metafile: false,
  });
  // esbuild escapes strings but leaves regular expression literals as written: write those with \u escapes.
  const text = fs.readFileSync(outfile, 'utf8');
  const at = text.search(/[\u0080-\uffff]/);
  if (at >= 0) {
    fs.rmSync(outfile, { force: true });
    throw new Error(`the server bundle holds a character outside ASCII (write it as a \\u escape in the source): …${text.slice(Math.max(0, at - 80), at + 20)}…`);
  }
  return { ms: performance.now() - started, external: [...external].filter((name) => !ALWAYS_EXTERNAL.includes(name)).sort() };
}

/** True when the built server is newer than every source it is made from. */
export function isServerBuildFresh() {
  return isFresh(SERVER_BUILD, SERVER_SOURCES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ms, external } = await buildServer();
  process.stdout.write(`server built: ${path.relative(ROOT, SERVER_BUILD)} (${Math.round(ms)} ms; packages left as imports: ${external.join(', ')})\n`);
}
