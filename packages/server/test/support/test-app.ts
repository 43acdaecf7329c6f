import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions, type RouteEntry } from '../../src/app';
import type { AppContext } from '../../src/app-context';
import { loadConfig } from '../../src/platform/config';
import type { Database } from '../../src/platform/db/dialect';
import type { TestDatabaseHandle } from './databases';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  database: Database;
  routes: RouteEntry[];
  /** Closes the server and its database connection (the data stays for reopen tests). */
  close(): Promise<void>;
}

/** The real server on a test database, configured as a user would, with quiet logs. */
export async function startTestApp(
  handle: TestDatabaseHandle,
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  // RESPONSE_CHECK=full: every answer is checked by its zod schema and compared with the compiled serializer's.
  // OUTBOUND_ALLOW as the test project sets it (loopback, where the peers listen) unless the test names its own.
  const config = loadConfig({
    LOG_LEVEL: 'silent', LOGIN_ATTEMPTS_PER_MINUTE: '1000', RESPONSE_CHECK: 'full', OUTBOUND_ALLOW: process.env.OUTBOUND_ALLOW ?? '',
    ...handle.env, ...env,
  });
  const database = handle.open();
  const { app, context, routes } = await buildApp(config, database, options);
  await app.ready();
  return {
    app, context, database, routes,
    close: async () => {
      // A keep-alive connection that went idle just after the close began is not among the idle
      // ones Fastify closes, and would hold the close for the keep-alive timeout (72 s): a test's
      // clients are done by now, so any connection still open after 2 s is ended.
      const stragglers = setTimeout(() => app.server.closeAllConnections(), 2000);
      try {
        await app.close();
      } finally {
        clearTimeout(stragglers);
      }
      await database.close();
    },
  };
}

/** Puts the test app on a real port (for the live channel); returns its base URL. */
export async function listen(server: TestApp): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
