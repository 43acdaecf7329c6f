/**
 * The built server's launcher (scripts/build/server-launcher.mjs): runs a CommonJS bundle as Node
 * would, writes V8's code cache of it when the server says it is up, compiles from that cache at the
 * next start, and never takes a cache made from another source, even one of the same length (V8
 * itself checks only the length).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { SAVE_CODE_CACHE, codeCacheFile, runBundle } from '../../../../scripts/build/server-launcher.mjs';

interface Ran {
  value: number;
  file: string;
  dir: string;
  sep: string;
  exportsIsThis: boolean;
}
const ran = () => (globalThis as { __launcherTestRan?: Ran[] }).__launcherTestRan ?? [];
const saver = () => (globalThis as Record<symbol, unknown>)[SAVE_CODE_CACHE] as (() => void) | undefined;

/** A bundle that says what it saw, with some functions so V8's cache has something to hold. */
const bundleSource = (value: number) => `'use strict';
function twice(x) { return x * 2; }
const ran = (globalThis.__launcherTestRan ??= []);
ran.push({ value: twice(${value}) / 2, file: __filename, dir: __dirname, sep: require('node:path').sep, exportsIsThis: this === module.exports });
module.exports.value = ${value};
`;

let dir = '';
let bundle = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-launcher-'));
  bundle = path.join(dir, 'server.cjs');
  delete (globalThis as { __launcherTestRan?: Ran[] }).__launcherTestRan;
});
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[SAVE_CODE_CACHE];
  fs.rmSync(dir, { recursive: true, force: true });
});

it('runs the bundle as a CommonJS module of its own folder, and writes its code cache only when told the server is up', () => {
  fs.writeFileSync(bundle, bundleSource(41));
  expect(runBundle(bundle)).toBe('none');
  expect(ran()).toEqual([{ value: 41, file: bundle, dir, sep: path.sep, exportsIsThis: true }]);
  expect(fs.existsSync(codeCacheFile(bundle))).toBe(false);
  saver()!();
  expect(fs.statSync(codeCacheFile(bundle)).size).toBeGreaterThan(0);
  // Once: the saver removes itself.
  expect(saver()).toBeUndefined();
  expect(fs.readdirSync(dir).sort()).toEqual(['server.cjs', 'server.cjs.cache']);
});

it('compiles from the cache at the next start, and then has nothing to write', () => {
  fs.writeFileSync(bundle, bundleSource(41));
  runBundle(bundle);
  saver()!();
  expect(runBundle(bundle)).toBe('used');
  expect(ran().map((entry) => entry.value)).toEqual([41, 41]);
  fs.rmSync(codeCacheFile(bundle));
  saver()!();
  expect(fs.existsSync(codeCacheFile(bundle))).toBe(false);
});

it('never takes the cache of another source of the same length: the new source runs, and its own cache replaces the old', () => {
  fs.writeFileSync(bundle, bundleSource(41));
  runBundle(bundle);
  saver()!();
  const old = fs.readFileSync(codeCacheFile(bundle));
  fs.writeFileSync(bundle, bundleSource(42));
  expect(fs.statSync(bundle).size).toBe(bundleSource(41).length);
  expect(runBundle(bundle)).toBe('none');
  expect(ran().map((entry) => entry.value)).toEqual([41, 42]);
  saver()!();
  expect(fs.readFileSync(codeCacheFile(bundle)).equals(old)).toBe(false);
  expect(runBundle(bundle)).toBe('used');
  expect(ran().map((entry) => entry.value)).toEqual([41, 42, 42]);
});

it('a cache damaged on disk is left aside, not handed to V8 (which checks no checksum of its data in a release build)', () => {
  fs.writeFileSync(bundle, bundleSource(41));
  runBundle(bundle);
  saver()!();
  const cache = fs.readFileSync(codeCacheFile(bundle));
  cache[cache.length - 10]! ^= 0xff;
  fs.writeFileSync(codeCacheFile(bundle), cache);
  expect(runBundle(bundle)).toBe('none');
  expect(ran().map((entry) => entry.value)).toEqual([41, 41]);
});

it('a cache file that is not one (cut short, or another file) is left aside, not handed to V8', () => {
  fs.writeFileSync(bundle, bundleSource(41));
  fs.writeFileSync(codeCacheFile(bundle), 'not a code cache');
  expect(runBundle(bundle)).toBe('none');
  saver()!();
  expect(runBundle(bundle)).toBe('used');
  const cache = fs.readFileSync(codeCacheFile(bundle));
  fs.writeFileSync(codeCacheFile(bundle), cache.subarray(0, 40));
  expect(runBundle(bundle)).toBe('none');
  expect(ran().map((entry) => entry.value)).toEqual([41, 41, 41]);
});

it('a cache that cannot be written (here its name is taken by a folder, which even root cannot rename a file over) is gone without, and the start goes on', () => {
  fs.writeFileSync(bundle, bundleSource(41));
  fs.mkdirSync(codeCacheFile(bundle));
  expect(runBundle(bundle)).toBe('none');
  expect(() => saver()!()).not.toThrow();
  expect(fs.statSync(codeCacheFile(bundle)).isDirectory()).toBe(true);
  expect(fs.readdirSync(dir).sort()).toEqual(['server.cjs', 'server.cjs.cache']);
});
