/**
 * The set-up the engine's integration tests share: a fresh SQLite test database, the real server
 * on it with its engine running, and one signed-in user.
 */
import type { TestDatabaseHandle } from './databases';
import { createTestDatabase } from './databases';
import { buildUser } from './factories';
import { signedIn, type Agent } from './agent';
import { startTestApp, type TestApp } from './test-app';
import { startEngine } from '../../src/engine/jobs/engine';

export interface EngineApp {
  handle: TestDatabaseHandle;
  server: TestApp;
  ownerId: number;
  agent: Agent;
  /** Closes the server and drops its database. */
  close(): Promise<void>;
}

export async function startEngineApp(options: { withLive?: boolean; env?: Record<string, string> } = {}): Promise<EngineApp> {
  const handle = await createTestDatabase('sqlite');
  const server = await startTestApp(handle, options.env ?? {}, { withLive: options.withLive ?? false });
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
