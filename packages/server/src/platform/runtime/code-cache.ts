/** Where the built server's launcher leaves its saver (scripts/build/server-launcher.mjs, SAVE_CODE_CACHE). */
const SAVE_CODE_CACHE = Symbol.for('linkloom.saveCodeCache');

/**
 * Once the server is up: has the launcher of the build write V8's code cache of the bundle, which
 * then holds every function the start compiled, so the next start compiles almost nothing (issue
 * 40 item 4). Called by endStartUp (start-up-memory.ts) before any V8 flag changes: a cache is
 * valid only under the flags it was made with. Does nothing when the server runs from its sources
 * (tsx), or when the start used a valid cache.
 */
export function saveStartUpCodeCache(): void {
  const save = (globalThis as Record<symbol, unknown>)[SAVE_CODE_CACHE];
  if (typeof save === 'function') (save as () => void)();
}
