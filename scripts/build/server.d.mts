/** Types of scripts/build/server.mjs for the TypeScript that imports it (test/api/built-server.test.ts). */
export declare const SERVER_ENTRY: string;
export declare const SERVER_BUILD: string;
export declare const SERVER_SOURCES: string[];
/** Packages bundled though they open files of their own, on paths the server never takes: name → which path. */
export declare const OWN_FILES_NEVER_OPENED: Map<string, string>;
/** The worker threads' sources, each bundled to dist/workers/<name>.worker.js. */
export declare const WORKER_SOURCES: Record<string, string>;
/**
 * Builds the server (default packages/server/dist/main.js, with server.cjs beside it) and starts
 * it once to write its code cache; how long it took, 'written' or why there is no cache, which
 * packages stayed imports, what the bundle require()s from outside, and which of those are
 * optional peer dependencies of a bundled package (required in a try; may be missing).
 */
export declare function buildServer(options?: { outfile?: string }): Promise<{ ms: number; codeCache: string; external: string[]; required: string[]; optional: string[] }>;
export declare function isServerBuildFresh(): boolean;
