import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);
let loaded: typeof pg | undefined;

/**
 * The PostgreSQL driver, loaded the first time a PostgreSQL database is opened. Imported at the
 * top, its module graph cost every server start ~35 ms (and its share of compiling the bundle)
 * although the embedded default never uses it; required here, it also stays out of the bundle and
 * is read from node_modules like the other packages the build leaves as imports.
 */
export function loadPg(): typeof pg {
  loaded ??= require('pg') as typeof pg;
  return loaded;
}
