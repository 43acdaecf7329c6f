/**
 * The set-up the engine's integration tests share: a fresh SQLite test database, the real server
 * on it with its engine running, and one signed-in user; `useEngineApp` also starts the real
 * WordPress blogs a test posts to, for a describe block.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../src/platform/clock';
import type { TestDatabaseHandle } from './databases';
import { createTestDatabase } from './databases';
import { buildUser } from './factories';
import { signedIn, type Agent } from './agent';
import { startTestApp, type TestApp } from './test-app';
import { startWordPressPeers, type WordPressPeers } from './wordpress-peers';
import { startEngine } from '../../src/engine/jobs/engine';

export interface EngineApp {
  handle: TestDatabaseHandle;
  server: TestApp;
  ownerId: number;
  agent: Agent;
  /** Closes the server and drops its database. */
  close(): Promise<void>;
}

export interface EngineAppOptions {
  withLive?: boolean;
  env?: Record<string, string>;
  /** Makes the engine's clock once the database is there (default: wall time; test/support/compressed-clock.ts). */
  clock?: () => Clock;
}

export async function startEngineApp(options: EngineAppOptions = {}): Promise<EngineApp> {
  const handle = await createTestDatabase('sqlite');
  const server = await startTestApp(handle, options.env ?? {}, { withLive: options.withLive ?? false, clock: options.clock?.() });
  await startEngine(server.context);
  const user = await buildUser(server.database.db);
  const agent = await signedIn(server.app, user);
  return {
    handle, server, ownerId: user.id, agent,
    close: async () => {
      await server.close();
      await handle.drop();
    },
  };
}

/** What `useEngineApp` fills in before the describe block's tests run. */
export interface EngineAppContext extends EngineApp {
  /** The real WordPress blogs (none unless `wordPressBlogs` was asked for). */
  peers: WordPressPeers;
}

/**
 * For a describe block: `wordPressBlogs` real WordPress blogs (scripts/peers/wordpress.sh), then
 * the engine app (startEngineApp); afterwards the app is closed, its database dropped and the blogs stopped.
 */
export function useEngineApp(
  options: EngineAppOptions & {
    wordPressBlogs?: number;
    /** Each blog's loopback address (startWordPressPeers `hosts`): tiers across blogs need hosts of their own (issue 34). */
    wordPressHosts?: readonly string[];
    timeoutMs?: number;
  } = {},
): EngineAppContext {
  const ctx = {} as EngineAppContext;
  let app: EngineApp | undefined;
  let peers: WordPressPeers | undefined;
  beforeAll(async () => {
    if (options.wordPressBlogs) ctx.peers = peers = await startWordPressPeers(options.wordPressBlogs, options.wordPressHosts ? { hosts: options.wordPressHosts } : {});
    app = await startEngineApp(options);
    Object.assign(ctx, app);
  }, options.timeoutMs);
  afterAll(async () => {
    await app?.close();
    await peers?.stop();
  });
  return ctx;
}
