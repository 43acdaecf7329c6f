/**
 * Builds the server (issue 10, goal 3; issue 40 item 4): one CommonJS script,
 * packages/server/dist/server.cjs, started by packages/server/dist/main.js (server-launcher.mjs with
 * a call at its end), which runs it with V8's code cache. Loading one file is much faster than
 * compiling ~400 TypeScript modules through tsx at every start, and than resolving and reading the
 * ~1,000 files of its packages one by one; a classic script, unlike an ES module on Node 20, can be
 * compiled from a code cache instead of its source. Our own code (server and the shared package,
 * which ships TypeScript) and every package that is plain code are bundled; a package that reads
 * files next to its own (its __dirname, import.meta.url, require.resolve, a worker script) stays a
 * require() from node_modules, found by reading the bundled sources, as do native addons, build
 * tools and the packages only a dynamic import() reaches (mail, the PostgreSQL queue, the API docs,
 * Markdown, the content threads' pool), loaded on first use rather than compiled at every start.
 * The build then starts the server once to write its code cache (writeCodeCache). `npm run build` and
 * `npm start` run it; tsx stays for development and tests (packages/server/test/support/server-process.ts);
 * test/api/built-server.test.ts runs the build. Third-party licence comments go to
 * server.cjs.LEGAL.txt beside it.
 *
 *   node scripts/build/server.mjs
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh } from './freshness.mjs';
import { BUNDLE_NAME, codeCacheFile } from './server-launcher.mjs';

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
  fileURLToPath(new URL('./server-launcher.mjs', import.meta.url)),
  fileURLToPath(new URL('./cjs-import-meta.mjs', import.meta.url)),
];

/** The worker threads' sources (packages/server/src/platform/worker-entry.ts names the same). */
export const WORKER_SOURCES = {
  'content-work': 'packages/server/src/engine/content-work/content-work.worker.ts',
  'link-import': 'packages/server/src/features/link-items/link-import.worker.ts',
};

/** What earlier builds left beside main.js that this one does not make: the ES module build's chunks, map and licences. */
const LEFT_BY_EARLIER_BUILDS = /^(chunk-[A-Z0-9]+\.js|main\.js\.map|main\.js\.LEGAL\.txt)(\.map|\.LEGAL\.txt)?$/;
/** Never bundled: native addons, optional native drivers and tools that only development loads. */
const ALWAYS_EXTERNAL = ['better-sqlite3', 'pg-native', 'esbuild', 'tsx', 'vite', 'vitest', 'playwright-core', 'fsevents'];
/** What in a package's code shows it opens files of its own, which a bundle would move away from. */
const READS_OWN_FILES = /__dirname|__filename|import\.meta\.(url|dirname|filename)|require\.resolve|new Worker\(/;
/**
 * Packages that do open files of their own, but only on paths this server never takes: bundled all
 * the same, so a start compiles them from the code cache instead of loading each of their files
 * through Node's CommonJS loader, which has none (about 30 ms of a start for these). Each value
 * says which path that is; test/api/built-server.test.ts checks they are bundled, and that the
 * bundled live channel answers its handshake.
 */
export const OWN_FILES_NEVER_OPENED = new Map([
  ['socket.io', 'serves its client bundle (client-dist/) only with serveClient, which platform/live/live-server.ts turns off'],
  ['pino', "starts its worker file only for a log transport (a thread), which the server's logger never has"],
  ['thread-stream', 'starts its worker file only for a pino transport'],
]);

/** The package a module path belongs to (`@scope/name` or `name`), or null for our own code. */
function packageOf(modulePath) {
  const names = modulePath.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  return names ? names[names.length - 1].slice('node_modules/'.length) : null;
}

/** Imports of the packages in `external` stay imports (require() in the bundle); everything else is bundled. */
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
 * The packages a build reaches only through a dynamic import() (from its metafile): none of their
 * files is in the static import graph of `entry`. Left as imports, they are read on first use.
 */
function packagesOnlyImportedLazily(metafile, entry) {
  const inputs = metafile.inputs;
  const reached = new Set();
  const next = [entry];
  while (next.length > 0) {
    const file = next.pop();
    if (reached.has(file) || !inputs[file]) continue;
    reached.add(file);
    for (const imported of inputs[file].imports) if (imported.kind !== 'dynamic-import' && !imported.external) next.push(imported.path);
  }
  const atStart = new Set([...reached].map(packageOf));
  return new Set(Object.keys(inputs).map(packageOf).filter((name) => name !== null && !atStart.has(name)));
}

/**
 * Of the packages the bundle require()s, those a bundled package declares as an optional peer
 * dependency (ws: bufferutil, utf-8-validate), which it requires inside a try and goes without when
 * they are not installed.
 */
function optionalPeersOf(metafile, required) {
  const optional = new Set();
  for (const name of new Set(Object.keys(metafile.inputs).map(packageOf))) {
    if (name === null) continue;
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    for (const [peer, meta] of Object.entries(manifest.peerDependenciesMeta ?? {})) if (meta?.optional && required.includes(peer)) optional.add(peer);
  }
  return [...optional].sort();
}

/**
 * Builds packages/server/dist/main.js and server.cjs beside it (or `outfile` and its folder, which
 * must lie inside the repository: the server finds its root by walking up from itself); returns how
 * long it took (ms), whether its code cache was written (writeCodeCache), which packages stayed
 * imports, what the bundle require()s from outside (Node's modules and those packages, as
 * written), and which of those are optional peers (optionalPeersOf), which may be missing.
 */
export async function buildServer({ outfile = SERVER_BUILD } = {}) {
  const started = performance.now();
  // Loaded here, so `npm run serve` (which only asks isServerBuildFresh) never loads esbuild.
  const { build } = await import('esbuild');
  const outdir = path.dirname(outfile);
  const bundle = path.join(outdir, BUNDLE_NAME);
  const common = (external) => ({
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    plugins: [keepExternal(external)],
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'linked',
    // Without comments and blanks, and ASCII only: V8 keeps the whole source as one string, and a single
    // character outside Latin-1 makes it two bytes per character (a 7.5 MB bundle held 15 MB of heap).
    // Names are kept, so stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
  });
  // ES modules (the worker threads' bundles, and the first pass): bundled CommonJS packages call
  // require() for Node's modules and for the packages left outside.
  const esm = (external) => ({
    ...common(external),
    format: 'esm',
    banner: { js: "import { createRequire as __linkloomRequire } from 'node:module'; const require = __linkloomRequire(import.meta.url);" },
  });
  // First pass: everything bundled, to read which packages open files of their own and which only a
  // dynamic import() reaches; second: those left outside.
  const probe = await build({ ...esm(new Set(ALWAYS_EXTERNAL)), entryPoints: [SERVER_ENTRY], outfile: bundle, write: false, sourcemap: false, metafile: true });
  const external = new Set([...ALWAYS_EXTERNAL, ...packagesOnlyImportedLazily(probe.metafile, path.relative(ROOT, SERVER_ENTRY))]);
  for (const input of Object.keys(probe.metafile.inputs)) {
    const name = packageOf(input);
    if (name && !external.has(name) && !OWN_FILES_NEVER_OPENED.has(name) && READS_OWN_FILES.test(fs.readFileSync(path.join(ROOT, input), 'utf8'))) external.add(name);
  }
  fs.mkdirSync(outdir, { recursive: true });
  // What an earlier build left, and its code cache (with any temporary file of one): the new bundle makes its own.
  for (const file of fs.readdirSync(outdir, { withFileTypes: true })) {
    if (file.isFile() && (LEFT_BY_EARLIER_BUILDS.test(file.name) || file.name.startsWith(path.basename(codeCacheFile(bundle))))) fs.rmSync(path.join(outdir, file.name));
  }
  // The server: one CommonJS script, so main.js can compile it from V8's code cache. Every import()
  // becomes a require() (of a bundled module, or of a package left outside): a script run by
  // vm.Script has no loader for import() on Node 20 without an experimental flag.
  const { metafile } = await build({
    ...common(external),
    entryPoints: [SERVER_ENTRY],
    outfile: bundle,
    metafile: true,
    format: 'cjs',
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': 'importMetaUrl', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
    inject: [path.join(ROOT, 'scripts/build/cjs-import-meta.mjs')],
  });
  // The worker threads' code, each a bundle of its own beside the server's (platform/worker-entry.ts): a
  // thread started from the bundle loads it in milliseconds instead of compiling TypeScript through tsx.
  const workersDir = path.join(outdir, 'workers');
  fs.rmSync(workersDir, { recursive: true, force: true });
  await build({
    ...esm(external),
    entryPoints: Object.fromEntries(Object.entries(WORKER_SOURCES).map(([name, source]) => [`${name}.worker`, path.join(ROOT, source)])),
    outdir: workersDir,
  });
  const text = fs.readFileSync(bundle, 'latin1');
  const refuse = (why) => {
    fs.rmSync(bundle, { force: true });
    fs.rmSync(outfile, { force: true });
    throw new Error(why);
  };
  // esbuild escapes strings but leaves regular expression literals as written: write those with \u escapes.
  const at = text.search(/[\u0080-\uffff]/);
  if (at >= 0) refuse(`the server bundle holds a character outside ASCII (write it as a \\u escape in the source): …${text.slice(Math.max(0, at - 80), at + 20)}…`);
  const dynamicImports = metafile.outputs[path.relative(ROOT, bundle)].imports.filter((imported) => imported.kind === 'dynamic-import');
  if (dynamicImports.length > 0) refuse(`the server bundle holds an import() that esbuild did not make a require(), which its launcher cannot run: ${dynamicImports.map((imported) => imported.path).join(', ')}`);
  // Written last: isServerBuildFresh() compares its time with the sources'.
  fs.writeFileSync(outfile, `${fs.readFileSync(new URL('./server-launcher.mjs', import.meta.url), 'utf8')}\nstartBuiltServer(import.meta.url);\n`);
  const codeCache = await writeCodeCache(outfile);
  const required = [...new Set(metafile.outputs[path.relative(ROOT, bundle)].imports.filter((imported) => imported.external).map((imported) => imported.path))].sort();
  return {
    ms: performance.now() - started,
    codeCache,
    external: [...external].filter((name) => !ALWAYS_EXTERNAL.includes(name)).sort(),
    required,
    optional: optionalPeersOf(metafile, required),
  };
}

/** How long the build waits for its one start of the server to write the code cache. */
const CODE_CACHE_WAIT_MS = 30_000;

/**
 * Starts the new build once, on a throwaway data directory and a port of the system's choosing,
 * until it has written its code cache (server-launcher.mjs), then stops it: the first start after
 * a build (a new user's first `npm start`, the first start after an update) then compiles from the
 * cache like every later one, instead of from the source (about 0.15 s more, issue 40 item 4). The
 * server runs with this Node and no other option, as `npm run serve` runs it; a cache V8 refuses
 * at a start (another Node, other flags) is written again by that start, as without this. Nothing
 * of the environment reaches it (no DATABASE_URL: it makes an empty SQLite database of its own).
 * Returns 'written', or why there is no cache: a build that cannot start the server here still
 * succeeds, and the server's first start writes the cache.
 */
async function writeCodeCache(outfile) {
  const cacheFile = codeCacheFile(path.join(path.dirname(outfile), BUNDLE_NAME));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-build-cache-'));
  const env = { PATH: process.env.PATH ?? '', HOME: dataDir, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' };
  const child = spawn(process.execPath, [outfile, 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2_000);
  });
  let failed = null;
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
    child.once('error', (error) => {
      failed = error;
      resolve(null);
    });
  });
  let outcome = 'written';
  try {
    for (const until = Date.now() + CODE_CACHE_WAIT_MS; !fs.existsSync(cacheFile);) {
      if (failed) {
        outcome = `the server could not be started: ${failed.message}`;
        break;
      }
      if (child.exitCode !== null) {
        outcome = `the server exited with ${child.exitCode} before writing it: ${stderr.trim().split('\n').pop() ?? ''}`;
        break;
      }
      if (Date.now() > until) {
        outcome = `the server did not write it within ${CODE_CACHE_WAIT_MS / 1000} s`;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    if (child.exitCode === null && !failed) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return outcome;
}

/** True when the built server is newer than every source it is made from. */
export function isServerBuildFresh() {
  return isFresh(SERVER_BUILD, SERVER_SOURCES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ms, external, codeCache } = await buildServer();
  process.stdout.write(`server built: ${path.relative(ROOT, SERVER_BUILD)} (${Math.round(ms)} ms; code cache ${codeCache}; packages left as imports: ${external.join(', ')})\n`);
}
