import { describe, expect, test } from 'vitest';
import { updateBannerText } from '@linkloom/shared';
import { useSignedInSuite } from './support/suite';

/**
 * The update banner is driven by configuration (SCOPE.md): this server runs with a latest version
 * newer than its own. Its absence without one is checked in shell-and-session.e2e.ts.
 */
describe('update banner', () => {
  const LATEST = '99.0.0';
  const USER = { username: 'banner-user', password: 'banner password 123' };
  const suite = useSignedInSuite(USER, { env: { LATEST_VERSION: LATEST } });

  test('shows above the content when a newer version is configured', async (ctx) => {
    const { page } = await suite.signedInPage(ctx);
    const banner = page.getByTestId('update-banner');
    await banner.waitFor();
    const version = (await page.locator('meta[name="linkloom-version"]').getAttribute('content')) ?? '';
    expect(await banner.textContent()).toBe(updateBannerText(version, LATEST));
  });
});
