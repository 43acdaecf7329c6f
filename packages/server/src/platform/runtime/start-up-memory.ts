import v8 from 'node:v8';
import { saveStartUpCodeCache } from './code-cache';

/**
 * V8 doubles its young generation (up to 16 MB a half) whenever many young objects survive a
 * scavenge, and the server's start-up is exactly that: schemas, routes, compiled queries and
 * statements are all made once and kept. The grown young generation then stays committed while
 * the server sits idle (about 15 MB of its idle RSS, issue 10 goal 4) until V8's memory reducer
 * shrinks it some 40 s later. So the build's launcher (scripts/build/server-launcher.mjs) and
 * scripts/run-server.mjs, before they load the server, hold the young generation at its initial
 * size (`--semi-space-growth-factor=1`), and the server lets it grow again, for the load of real
 * requests, once it is up (endStartUp).
 */
const V8_DEFAULT_GROWTH_FACTOR = 2;

/** Lets the young generation grow again under load (V8's default growth). */
function releaseYoungGeneration(): void {
  v8.setFlagsFromString(`--semi-space-growth-factor=${V8_DEFAULT_GROWTH_FACTOR}`);
}

/**
 * Once the server (or worker) is up: writes the build's code cache while the start-up flags still
 * hold (a cache is valid only under the flags it was made with), then lets the young generation grow.
 */
export function endStartUp(): void {
  saveStartUpCodeCache();
  releaseYoungGeneration();
}
