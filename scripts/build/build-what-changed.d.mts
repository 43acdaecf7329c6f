/** Types of scripts/build/build-what-changed.mjs for the TypeScript that imports it (bench/run.ts, and api-vs-raw, first-screen, server-start and spin run alone). */
/** Builds the stale parts of the web app and the server; throws when a build fails. */
export declare function buildWhatChanged(): Promise<void>;
