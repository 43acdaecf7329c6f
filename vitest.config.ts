import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * One runner, six projects: pure shared logic, server units, web units, HTTP/socket tests against
 * real SQLite and PostgreSQL (`api`), tests against real peers such as WordPress (`integration`), and
 * browser tests in Debian's Chromium (`e2e`).
 */
/**
 * The tests' local peers (WordPress, MediaWiki, Dovecot, proxies, stand-ins) listen on loopback, which
 * the outbound policy refuses by default (platform/egress): the tests open it as an operator would.
 * The outbound-policy tests start their servers with OUTBOUND_ALLOW of their own (empty included).
 */
const env = { OUTBOUND_ALLOW: '127.0.0.0/8,::1' };
/**
 * Integration test files run at once (TEST_INTEGRATION_WORKERS overrides): each file starts its own
 * peers (blogs, wikis, mailboxes) on free ports with databases of their own, and mostly waits on
 * them. The longest file (the compressed-clock fidelity run, ~220 s of timed days) sets the floor.
 */
const INTEGRATION_WORKERS = Math.max(1, Number(process.env.TEST_INTEGRATION_WORKERS) || 2);
/** Browser test files run at once. */
const E2E_WORKERS = Math.max(1, Number(process.env.TEST_E2E_WORKERS) || 2);
/**
 * How long `expect.poll` waits for what a server, a peer or a page does in its own time (vitest's
 * default is 1 s). On two shared cores with two files at once, a cold screen takes over a second to
 * show its rows (stop 45's CI failed on one that did); a poll still fails the moment its time is up.
 */
const POLL = { poll: { timeout: 10_000 } };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'], environment: 'node', env } },
      { test: { name: 'server-unit', include: ['packages/server/test/unit/**/*.test.ts'], environment: 'node', env } },
      {
        // Same `@/` alias as the web app's Vite config.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'packages/web/src') } },
        test: { name: 'web', include: ['packages/web/src/**/*.test.ts', 'scripts/build/**/*.test.ts'], environment: 'node', env },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/test/api/**/*.test.ts'],
          environment: 'node',
          env,
          expect: POLL,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['packages/server/test/support/global-setup.ts'],
        },
      },
      {
        // Real peers (WordPress from Debian's packages via scripts/peers/, each file its own).
        test: {
          name: 'integration',
          include: ['packages/server/test/integration/**/*.test.ts'],
          environment: 'node',
          env,
          expect: POLL,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: INTEGRATION_WORKERS > 1,
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          // The servers run the build `npm start` runs (built before this stage; a stale one is refused).
          env: { ...env, LINKLOOM_TEST_SERVER: 'bundle' },
          expect: POLL,
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Two files at once (TEST_E2E_WORKERS overrides): each has its own server, browser and peers on
          // free ports, and mostly waits on them; one at a time left a core idle for 20 minutes.
          fileParallelism: E2E_WORKERS > 1,
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
});
