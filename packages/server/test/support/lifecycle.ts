import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, type DatabaseKind, type TestDatabaseHandle } from './databases';
import { startTestApp, type TestApp } from './test-app';

interface LifecycleOptions {
  /** A fresh one for every test (default: one for the whole describe block). */
  each?: boolean;
}

/** A migrated test database for a describe block, dropped afterwards; nothing when `skip`. */
export function useTestDatabase(kind: DatabaseKind, skip: boolean, options: LifecycleOptions = {}): { handle: TestDatabaseHandle } {
  const ctx = {} as { handle: TestDatabaseHandle };
  (options.each ? beforeEach : beforeAll)(async () => {
    if (!skip) ctx.handle = await createTestDatabase(kind);
  });
  (options.each ? afterEach : afterAll)(async () => {
    if (!skip) await ctx.handle.drop();
  });
  return ctx;
}

/**
 * The real server (fastify.inject-able) on a fresh test database for a describe block. Tests may
 * replace `server` (restart tests); whatever is there at the end is closed.
 */
export function useTestServer(
  kind: DatabaseKind,
  skip: boolean,
  options: LifecycleOptions & { env?: Record<string, string>; withLive?: boolean; startEngine?: boolean } = {},
): { handle: TestDatabaseHandle; server: TestApp } {
  const ctx = {} as { handle: TestDatabaseHandle; server: TestApp };
  (options.each ? beforeEach : beforeAll)(async () => {
    if (skip) return;
    ctx.handle = await createTestDatabase(kind);
    ctx.server = await startTestApp(ctx.handle, options.env, { withLive: options.withLive ?? false, startEngine: options.startEngine ?? false });
  });
  (options.each ? afterEach : afterAll)(async () => {
    if (skip) return;
    await ctx.server.close();
    await ctx.handle.drop();
  });
  return ctx;
}
