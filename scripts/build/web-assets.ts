/**
 * What the web app's build leaves for the server and what its first load costs (issue 10):
 * brotli and gzip twins beside every compressible asset, so the server sends them as they are
 * (platform/web/web-app.plugin.ts, `preCompressed`), and the size of the initial JavaScript — the
 * entry chunk and everything it imports statically, read from Vite's manifest — against its budget.
 * Used by the Vite build (vite.config.ts), the bench and the bundle test.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { manifestClosure, type ManifestChunk } from '../../packages/server/src/platform/web/first-screen-preload';

/**
 * Most the first load's JavaScript may weigh, gzip-compressed (bytes): issue 10's goal. Every screen,
 * the campaign list too, is a chunk of its own (its chunk is fetched at boot beside the entry), so
 * this is what the sign-in screen loads; no later screen or library may make it heavier.
 */
export const INITIAL_JS_BUDGET_GZIP = 350_000;
/** Issue 10's goal for the first load's JavaScript, gzip-compressed (bytes). */
export const INITIAL_JS_GOAL_GZIP = 350_000;

/** Files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this a compressed twin saves less than its headers cost. */
const MIN_BYTES = 1024;


export const MANIFEST_PATH = path.join('.vite', 'manifest.json');

/** Every file under `dir`, at any depth. */
export function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Brotli at its best quality and gzip at level 9: done once per build, served many times. */
export function brotli(data: Buffer): Buffer {
  return zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export function gzip(data: Buffer): Buffer {
  return zlib.gzipSync(data, { level: 9 });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (index.html is left
 * alone: the server fills in its placeholders per start and sends it itself). A twin that would not
 * be smaller is not written. Returns how many files got twins.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || path.relative(dir, file) === 'index.html') continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    for (const [suffix, compress] of [['.br', brotli], ['.gz', gzip]] as const) {
      const packed = compress(data);
      if (packed.length < data.length) fs.writeFileSync(file + suffix, packed);
    }
    count += 1;
  }
  return count;
}

/** The first load's JavaScript: the files, and their total size raw and gzip-compressed (bytes). */
export interface InitialJavaScript {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a browser must load before the app runs: every entry chunk of the build in
 * `distDir` and, transitively, the chunks they import statically (lazy screens are dynamic
 * imports and do not count). Read from Vite's manifest, so the build must have written one.
 */
export function initialJavaScript(distDir: string): InitialJavaScript {
  const manifestFile = path.join(distDir, MANIFEST_PATH);
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: the web build writes it (build.manifest in vite.config.ts)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const seen = manifestClosure(manifest, Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const files = [...seen].map((key) => manifest[key]?.file).filter((file): file is string => file?.endsWith('.js') ?? false);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const data = fs.readFileSync(path.join(distDir, file));
    rawBytes += data.length;
    gzipBytes += gzip(data).length;
  }
  return { files, rawBytes, gzipBytes };
}
