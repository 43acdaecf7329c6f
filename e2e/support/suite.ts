import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../../packages/server/test/support/server-process';
import { signIn, visit, waitForRoute } from './app';
import { launchBrowser, openPage, type OpenedPage } from './browser';

/** A user who signs in through the login screen. */
export interface E2eUser {
  username: string;
  password: string;
}

/** The server, the browser and signed-in pages of one describe block. */
export interface E2eSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * A fresh browser context signed in as the suite's user (closed when the test ends); with a
   * route, the page is then opened there. Call it twice for a second window that watches live updates.
   */
  signedInPage(test: Parameters<typeof openPage>[1], route?: string): Promise<OpenedPage>;
}

/**
 * Starts one real server (fresh SQLite data dir, `env` added) with the user added, runs `seed`
 * on it, and launches Debian's Chromium before the describe block's tests; stops both afterwards.
 */
export function useSignedInSuite(
  user: E2eUser,
  options: { env?: Record<string, string>; seed?: (server: RunningServer) => Promise<void> } = {},
): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer(options.env);
    await server.addUser(user.username, user.password);
    await options.seed?.(server);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const suite: E2eSuite = {
    get server() {
      if (!server) throw new Error('The server starts in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll');
      return browser;
    },
    async signedInPage(test, route) {
      const opened = await openPage(suite.browser, test);
      await signIn(opened.page, suite.server.baseUrl, user.username, user.password);
      if (route !== undefined) {
        await visit(opened.page, suite.server.baseUrl, route);
        await waitForRoute(opened.page, route);
      }
      return opened;
    },
  };
  return suite;
}
