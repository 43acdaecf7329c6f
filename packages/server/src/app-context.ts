import type { AppConfig } from './platform/config';
import type { Database } from './platform/db/dialect';
import type { Live } from './platform/live/live-server';
import type { EngineQueue } from './engine/jobs/job-names';
import type { Clock } from './platform/clock';

/** What every feature's routes (and every job handler) receive: configuration, the database, the live channel and the job queue. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  /** Set once the HTTP server exists; features publish through it after their writes commit. */
  live: Live | undefined;
  /**
   * The engine's job queue (engine/queue): routes send jobs through it; `serve` (and `worker`)
   * start it with every handler of engine/jobs/registry.ts and stop it on shutdown.
   */
  queue: EngineQueue;
  version: string;
  /** The engine's time (platform/clock.ts): wall time, except in tests that hand buildApp a faster clock. */
  clock: Clock;
}
