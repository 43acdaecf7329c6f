/**
 * Builds the server into one ES module, packages/server/dist/main.js (issue 10, goal 3): loading
 * one file is much faster than compiling ~400 TypeScript modules through tsx at every start, and
 * than resolving and reading the ~1,000 files of its packages one by one. Our own code (server and
 * the shared package, which ships TypeScript) and every package that is plain code are bundled;
 * a package that reads files next to its own (its __dirname, import.meta.url, require.resolve, a
 * worker script) stays an import from node_modules, found by reading the bundled sources, as do
 * native addons and build tools. What the code loads by a dynamic import() is a chunk beside main.js
 * (chunk-*.js), compiled on first use rather than at every start. `npm run build` and `npm start` run it; tsx stays for development
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

/** The file names of the server bundle's lazy and shared chunks, beside main.js. */
const CHUNK_PREFIX = 'chunk-';
/** Never bundled: native addons, optional native drivers and tools that only development loads. */
const ALWAYS_EXTERNAL = ['better-sqlite3', 'pg-native', 'esbuild', 'tsx', 'vite', 'vitest', 'playwright-core', 'fsevents'];
/** What in a package's code shows it opens files of its own, which a bundle would move away from. */
const READS_OWN_FILES = /__dirname|__filename|import\.meta\.(url|dirname|filename)|require\.resolve|new Worker\(/;

/** The package a module path belongs to (`@scope/name` or `name`), or null for our own code. */
function packageOf(modulePath) {
  const names = modulePath.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  return names ? names[names.length - 1].slice('node_modules/'.length) : null;
}

/**
 * Imports of the packages in `external` stay imports; everything else is bundled. A dynamic import()
 * of a CommonJS module (`lazyCommonJs`, keyed by importer and specifier) stays an import of that very
 * file, relative to the output folder: split into a chunk of its own, esbuild would give it only a
 * default export, where Node gives the named ones (`const { x } = await import('cjs')`).
 */
function keepExternal(external, lazyCommonJs = new Map(), outdir = ROOT) {
  return {
    name: 'linkloom:external-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@linkloom/') || args.path.startsWith('node:') || path.isAbsolute(args.path)) return undefined;
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (external.has(name)) return { path: args.path, external: true };
        const file = args.kind === 'dynamic-import' ? lazyCommonJs.get(`${path.relative(ROOT, args.importer)}\0${args.path}`) : undefined;
        return file ? { path: path.relative(outdir, path.join(ROOT, file)).split(path.sep).join('/'), external: true } : undefined;
      });
    },
  };
}

/** The CommonJS modules loaded by a dynamic import() of a package, from a build's metafile: importer\0specifier → file. */
function lazyCommonJsImports(metafile) {
  const found = new Map();
  for (const [importer, { imports }] of Object.entries(metafile.inputs)) {
    for (const imported of imports) {
      if (imported.kind !== 'dynamic-import' || imported.external || !imported.original || /^[./]/.test(imported.original)) continue;
      if (metafile.inputs[imported.path]?.format !== 'esm') found.set(`${importer}\0${imported.original}`, imported.path);
    }
  }
  return found;
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
  // What a dynamic import() loads (mail, the PostgreSQL queue, the API docs…) is a chunk of its own
  // beside main.js, read and compiled on first use, not at every start (issue 40 item 4). Chunks
  // shared by main.js and a lazy one sit beside it too, so every module's import.meta.url is in dist/.
  const outdir = path.dirname(outfile);
  fs.mkdirSync(outdir, { recursive: true });
  for (const file of fs.readdirSync(outdir, { withFileTypes: true })) {
    if (file.isFile() && file.name.startsWith(CHUNK_PREFIX)) fs.rmSync(path.join(outdir, file.name));
  }
  const main = options(external);
  delete main.outfile;
  main.plugins = [keepExternal(external, lazyCommonJsImports(probe.metafile), outdir)];
  const { metafile } = await build({
    ...main,
    entryPoints: { [path.basename(outfile, '.js')]: SERVER_ENTRY },
    outdir,
    splitting: true,
    chunkNames: `${CHUNK_PREFIX}[hash]`,
  });
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
  const written = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js')).map((file) => path.join(ROOT, file));
  for (const file of written) {
    const text = fs.readFileSync(file, 'utf8');
    // A lazy chunk made of a CommonJS module exports only its default (see keepExternal).
    if (/export default require_\w+\(\);/.test(text)) {
      fs.rmSync(outfile, { force: true });
      throw new Error(`${path.basename(file)} is a CommonJS module split into a chunk of its own: its named exports are lost (lazyCommonJsImports missed it)`);
    }
    const at = text.search(/[\u0080-\uffff]/);
    if (at >= 0) {
      fs.rmSync(outfile, { force: true });
      throw new Error(`the server bundle holds a character outside ASCII (write it as a \\u escape in the source): ${path.basename(file)} …${text.slice(Math.max(0, at - 80), at + 20)}…`);
    }
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
