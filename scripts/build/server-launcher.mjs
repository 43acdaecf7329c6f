/**
 * The built server's entry: scripts/build/server.mjs writes this file, with a call of
 * startBuiltServer() at its end, as packages/server/dist/main.js, which runs the bundle beside it
 * (server.cjs, one CommonJS script) with V8's code cache (issue 40 item 4).
 *
 * Node 20 compiles an ES module from its source at every start (about a sixth of the start went to
 * compiling the bundle), and it has no code cache for ES modules. A classic script has one:
 * vm.Script takes the bytes V8 made of an earlier compile (`cachedData`) and skips parsing and
 * compiling what they hold. Once the server is up, before the V8 flags it started with change
 * (the cache is valid only under the same flags), it calls the saver this file leaves on
 * globalThis (packages/server/src/platform/runtime/code-cache.ts): the cache then holds every
 * function the start compiled, and is written beside the bundle as server.cjs.cache, through a
 * temporary file and a rename (two servers may start from one build). The build starts the server
 * once to write it (scripts/build/server.mjs writeCodeCache), so a user's first start has it too.
 *
 * V8 checks a cache against the source's length only, and checks no checksum of it in a release
 * build, so the file starts with the SHA-256 of the source it was made from and that of V8's data:
 * a rebuilt bundle of the same length never runs stale code, nor a file damaged on disk. A cache
 * that is missing, of another source, or refused by V8 (another Node, other flags) is made again
 * at the next start; a build folder the server may not write to only goes without.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

/** The bundle's file name, beside the launcher. */
export const BUNDLE_NAME = 'server.cjs';
/** What a cache file starts with: this tag, the SHA-256 of the bundle's source, then that of the V8 data after them. */
const CACHE_TAG = Buffer.from('linkloom-code-cache-2\n', 'latin1');
const HASH_BYTES = 32;
/** Where the server finds the saver (a global symbol: the bundle cannot import this file). */
export const SAVE_CODE_CACHE = Symbol.for('linkloom.saveCodeCache');

/** The cache file of a bundle. */
export function codeCacheFile(bundle) {
  return `${bundle}.cache`;
}

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest();

/**
 * The V8 data of a cache file when it was made from the source of this hash and arrived whole;
 * else undefined. Node's V8 checks no checksum of a code cache (only debug builds do): a file
 * damaged on disk would be run as it is, so the data's own hash is checked here.
 */
function readCache(file, sourceHash) {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const head = CACHE_TAG.length + 2 * HASH_BYTES;
  if (bytes.length <= head || !bytes.subarray(0, CACHE_TAG.length).equals(CACHE_TAG)) return undefined;
  const data = bytes.subarray(head);
  const ofSource = bytes.subarray(CACHE_TAG.length, CACHE_TAG.length + HASH_BYTES);
  const ofData = bytes.subarray(CACHE_TAG.length + HASH_BYTES, head);
  return ofSource.equals(sourceHash) && ofData.equals(sha256(data)) ? data : undefined;
}

/** Writes the cache through a temporary file and a rename; a folder the server may not write to goes without. */
function writeCache(file, sourceHash, data) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, Buffer.concat([CACHE_TAG, sourceHash, sha256(data), data]));
    fs.renameSync(temporary, file);
    return true;
  } catch {
    fs.rmSync(temporary, { force: true });
    return false;
  }
}

/**
 * Runs the CommonJS bundle `bundle` in this process as Node would run it (module, exports,
 * require from its folder, __filename, __dirname), compiled with its code cache when there is a
 * valid one. Returns what became of the cache: `used`, `none` (no file, or one of another source)
 * or `rejected` (V8 refused it); unless used, the saver left on globalThis writes a new one.
 */
export function runBundle(bundle) {
  const bytes = fs.readFileSync(bundle);
  const hash = sha256(bytes);
  // The build writes ASCII only: read as Latin-1, the source is one byte a character in V8's heap.
  const source = bytes.toString('latin1');
  const cacheFile = codeCacheFile(bundle);
  const cachedData = readCache(cacheFile, hash);
  const compiled = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  const cache = cachedData === undefined ? 'none' : compiled.cachedDataRejected ? 'rejected' : 'used';
  let unsaved = cache === 'used' ? undefined : compiled;
  globalThis[SAVE_CODE_CACHE] = () => {
    delete globalThis[SAVE_CODE_CACHE];
    if (unsaved) writeCache(cacheFile, hash, unsaved.createCachedData());
    unsaved = undefined;
  };
  const run = compiled.runInThisContext();
  const module = new Module(bundle);
  module.filename = bundle;
  module.paths = Module._nodeModulePaths(path.dirname(bundle));
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
  return cache;
}

/**
 * Starts the built server: the bundle server.cjs in the folder of `launcherUrl` (the build's
 * main.js, which is this file with a call of this function at its end).
 */
export function startBuiltServer(launcherUrl) {
  // Start-up makes only long-lived objects: keep V8's young generation at its initial size until the
  // server is up, when endStartUp() (packages/server/src/platform/runtime/start-up-memory.ts)
  // lets it grow again. Set here, before the compile, for every way the build is started: the code
  // cache is made and checked under these flags.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  runBundle(path.join(path.dirname(fileURLToPath(launcherUrl)), BUNDLE_NAME));
}
