/**
 * `import.meta.url` inside the server's CommonJS bundle (scripts/build/server.mjs points esbuild's
 * define at this export): the file URL of the bundle itself, as import.meta.url was of the ES
 * module bundle. Never loaded on its own: `__filename` is the bundle's, given by its wrapper.
 */
import { pathToFileURL } from 'node:url';

export const importMetaUrl = pathToFileURL(__filename).href;
