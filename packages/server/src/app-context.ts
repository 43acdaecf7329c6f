import type { AppConfig } from './platform/config';
import type { Database } from './platform/db/dialect';
import type { Live } from './platform/live/live-server';

/** What every feature's routes receive: configuration, the database and the live channel. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  /** Set once the HTTP server exists; features publish through it after their writes commit. */
  live: Live | undefined;
  version: string;
}
