/** Types of scripts/build/server.mjs for the TypeScript that imports it (test/api/built-server.test.ts). */
export declare const SERVER_ENTRY: string;
export declare const SERVER_BUILD: string;
export declare const SERVER_SOURCES: string[];
/** The worker threads' sources, each bundled to dist/workers/<name>.worker.js. */
export declare const WORKER_SOURCES: Record<string, string>;
/**
 * Builds the server (default packages/server/dist/main.js, with server.cjs beside it); how long it
 * took, which packages stayed imports, and what the bundle require()s from outside.
 */
export declare function buildServer(options?: { outfile?: string }): Promise<{ ms: number; external: string[]; required: string[] }>;
export declare function isServerBuildFresh(): boolean;
