/** Types of scripts/build/server-launcher.mjs for the TypeScript that imports it (bench, tests). */
/** The bundle's file name, beside the launcher (main.js). */
export declare const BUNDLE_NAME: string;
/** Where the server finds the saver of the code cache (packages/server/src/platform/runtime/code-cache.ts). */
export declare const SAVE_CODE_CACHE: unique symbol;
/** The code cache file of a bundle. */
export declare function codeCacheFile(bundle: string): string;
/** Runs a CommonJS bundle with its code cache; what became of the cache. */
export declare function runBundle(bundle: string): 'used' | 'none' | 'rejected';
/** Starts the built server: server.cjs in the folder of `launcherUrl`. */
export declare function startBuiltServer(launcherUrl: string): void;
