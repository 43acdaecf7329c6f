import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { updateBannerText } from '@linkloom/shared';
import { signIn } from './support/app';
import { launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from '../packages/server/test/support/server-process';

/**
 * The update banner is driven by configuration (SCOPE.md): this server runs with a latest version
 * newer than its own. Its absence without one is checked in shell-and-session.e2e.ts.
 */
describe('update banner', () => {
  const LATEST = '99.0.0';
  const USER = { username: 'banner-user', password: 'banner password 123' };
  let bannerServer: RunningServer;
  let bannerBrowser: Browser;

  beforeAll(async () => {
    bannerServer = await startServer({ LATEST_VERSION: LATEST });
    await bannerServer.addUser(USER.username, USER.password);
    bannerBrowser = await launchBrowser();
  });

  afterAll(async () => {
    await bannerBrowser?.close();
    await bannerServer?.stop();
  });

  test('shows above the content when a newer version is configured', async (ctx) => {
    const { page } = await openPage(bannerBrowser, ctx);
    await signIn(page, bannerServer.baseUrl, USER.username, USER.password);
    const banner = page.getByTestId('update-banner');
    await banner.waitFor();
    const version = (await page.locator('meta[name="linkloom-version"]').getAttribute('content')) ?? '';
    expect(await banner.textContent()).toBe(updateBannerText(version, LATEST));
  });
});
