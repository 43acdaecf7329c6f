import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeModuleCapability, publishingPlatform, type ModuleCapability } from '@linkloom/shared';
import { callAs, visit } from './support/app';
import { saveScreenshot } from './support/browser';
import { withServerDatabase } from './support/server-database';
import { useSignedInSuite } from './support/suite';

/**
 * Issue 37 item 6 in the browser: which modules can publish with the user's sites. A user with
 * three Web 2.0 blogs (two verified, on WordPress and Ghost, one failed), a wiki the verifier has
 * not looked at, and a private network of two WordPress blogs sees, in the designer's palette, the
 * custom sites screen and the wizard's Sites tab, the same badges with the same counts; a tooltip
 * says why; a site imported meanwhile changes them live; the Add Site dialog says what the login
 * and password hold on the address's platform.
 */
const USER = { username: 'publishing-capabilities@example.com', password: 'publishing capabilities e2e' };

/** The badge inside `scope` (a palette row, a module line): its words and tone. */
async function badge(scope: Locator): Promise<{ text: string; tone: string | null }> {
  const tag = scope.locator('[data-tone]');
  return { text: (await tag.innerText()).trim(), tone: await tag.getAttribute('data-tone') };
}

/** The user's capabilities as the server counts them (the words a tooltip shows). */
async function capabilities(page: Page, baseUrl: string): Promise<Map<string, ModuleCapability>> {
  const answer = await callAs(page, baseUrl, 'GET', '/rest/publishing/modules') as { modules: ModuleCapability[] };
  return new Map(answer.modules.map((capability) => [capability.module, capability]));
}

describe('publishing capabilities: the badges in the palette, the custom sites screen and the wizard', () => {
  const suite = useSignedInSuite(USER);

  test('counts of the seeded sites in the palette and on the custom sites screen, a tooltip by keyboard, live after an import, the wizard tier, the Add Site help', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/custom-sites');
    const { baseUrl } = suite.server;
    await callAs(page, baseUrl, 'POST', '/action/import/custom_sites', {
      module: 'SocialNetwork', siteList: 'https://blog-one.example.com\nhttps://blog-two.example.com\nhttps://blog-three.example.com',
    });
    await callAs(page, baseUrl, 'POST', '/action/import/custom_sites', { module: 'Wiki', siteList: 'https://wiki.example.org' });
    const network = await callAs(page, baseUrl, 'PUT', '/rest/private_networks', { name: 'My blogs' }) as { id: number };
    await callAs(page, baseUrl, 'POST', `/action/import/private_network/${network.id}`, {
      selfHosted: true, siteList: 'https://pbn-one.example.com|one@example.com|admin|secret\nhttps://pbn-two.example.com|two@example.com|admin|secret',
    });
    // The verifier's verdicts, as it would have written them.
    await withServerDatabase(suite.server, async (db) => {
      const set = (url: string, platform: string, status: string) => db.updateTable('custom_sites').set({ platform, status }).where('url', 'like', `${url}%`).execute();
      await set('https://blog-one.example.com', 'WordPress', 'OK');
      await set('https://blog-two.example.com', 'Ghost', 'OK');
      await set('https://blog-three.example.com', 'WordPress', 'FAILED');
    });
    const counted = await capabilities(page, baseUrl);
    expect(counted.get('SocialNetwork')).toMatchObject({ sites: 2 });
    expect(counted.get('Private')).toMatchObject({ sites: 2 });

    // The designer's palette, on a diagram of the user's own.
    const strategy = await callAs(page, baseUrl, 'POST', '/rest/strategies', { name: 'Capabilities' }) as { id: number };
    await visit(page, baseUrl, `/strategy/${strategy.id}`);
    await page.getByTestId('stencil').waitFor();
    const row = (kind: string) => page.getByTestId(`stencil-row-${kind}`);
    await expect.poll(() => badge(row('Web20Blog'))).toEqual({ text: '2 sites', tone: 'ready' });
    expect(await badge(row('PremiumWeb20Blog'))).toEqual({ text: '2 sites', tone: 'ready' });
    // A blog on WordPress or Ghost publishes the other article modules too.
    expect(await badge(row('ArticleDirectory'))).toEqual({ text: '2 sites', tone: 'ready' });
    expect(await badge(row('PressRelease'))).toEqual({ text: '2 sites', tone: 'ready' });
    expect(await badge(row('Wiki'))).toEqual({ text: 'not verified', tone: 'unverified' });
    expect(await badge(row('Bookmarking'))).toEqual({ text: 'no site', tone: 'none' });
    expect(await badge(row('Web20Profile'))).toEqual({ text: 'no site', tone: 'none' });
    expect(await badge(row('PrivateBlog'))).toEqual({ text: '2 sites', tone: 'ready' });
    expect(await badge(row('PrivateBookmark'))).toEqual({ text: 'no site', tone: 'none' });
    // The Project node picks its modules on the paper: no badge of its own.
    expect(await row('Project').locator('[data-tone]').count()).toBe(0);
    // The badge takes keyboard focus, and its tooltip says why and what to do.
    await row('Wiki').locator('[data-tone]').focus();
    await page.locator('.ant-tooltip:visible').filter({ hasText: describeModuleCapability(counted.get('Wiki')!) }).waitFor();
    await saveScreenshot(page, 'publishing-capabilities-palette');

    // The custom sites screen: a badge per module above the grid, the same counts.
    await visit(page, baseUrl, '/custom-sites');
    const line = page.getByTestId('custom-sites-capabilities');
    await line.waitFor();
    const entry = (module: string) => line.getByTestId(`module-capability-${module}`);
    await expect.poll(() => badge(entry('SocialNetwork'))).toEqual({ text: '2 sites', tone: 'ready' });
    expect(await entry('SocialNetwork').innerText()).toContain('Web 2.0 Blogs');
    expect(await badge(entry('Wiki'))).toEqual({ text: 'not verified', tone: 'unverified' });
    expect(await badge(entry('Bookmarking'))).toEqual({ text: 'no site', tone: 'none' });
    // A bookmarking site imported in another window: the badge hears it (not verified yet).
    await callAs(page, baseUrl, 'POST', '/action/import/custom_sites', { module: 'Bookmarking', siteList: 'https://links.example.net' });
    await expect.poll(() => badge(entry('Bookmarking')), { timeout: 15_000 }).toEqual({ text: 'not verified', tone: 'unverified' });
    await saveScreenshot(page, 'publishing-capabilities-custom-sites');

    // Add Site: under the password, what the login and password hold on the address's platform.
    await page.getByTestId('add-site').click();
    const help = page.getByTestId('credentials-help');
    await page.getByTestId('add-site-url').fill('https://someone.tumblr.com');
    await expect.poll(() => help.getAttribute('data-recognised')).toBe('true');
    expect(await help.innerText()).toContain(publishingPlatform('Tumblr')!.credentials);
    // A click while the list is still opening can leave it open and nothing chosen: chosen once the list has closed.
    const list = page.locator('.ant-select-dropdown:visible');
    for (let attempt = 1; ; attempt++) {
      if ((await list.count()) === 0) await page.getByTestId('add-site-module').click();
      await list.getByTitle('Wiki', { exact: true }).click();
      try {
        await expect.poll(() => list.count(), { timeout: 3_000 }).toBe(0);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await help.getByTestId('credentials-help-note').getByText('Tumblr does not publish Wiki: it publishes Web 2.0 Blogs').waitFor();
    await page.getByTestId('add-site-url').fill('https://wiki.example.net');
    await expect.poll(async () => help.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-platform')))).toEqual(['MediaWiki', 'DokuWiki']);
    expect(await help.innerText()).toContain(publishingPlatform('DokuWiki')!.credentials);
    await saveScreenshot(page, 'publishing-capabilities-add-site');
    await page.keyboard.press('Escape');
    await page.getByTestId('add-site-dialog').waitFor({ state: 'detached' });

    // The wizard's Sites tab: tier 1 of the built-in 2-tier pyramid runs Web 2.0 Blogs, tier 2 profiles and bookmarks.
    await visit(page, baseUrl, '/newwizard/1');
    await page.getByTestId('wizard-editor').waitFor();
    await page.getByTestId('wizard-tab-sites').click();
    const tier1 = page.getByTestId('sites-modules-1');
    await expect.poll(() => badge(tier1.getByTestId('module-capability-SocialNetwork'))).toEqual({ text: '2 sites', tone: 'ready' });
    await page.getByTestId('sites-tier2').click();
    const tier2 = page.getByTestId('sites-modules-2');
    await expect.poll(() => badge(tier2.getByTestId('module-capability-WebProfile'))).toEqual({ text: 'no site', tone: 'none' });
    expect(await badge(tier2.getByTestId('module-capability-Bookmarking'))).toEqual({ text: 'not verified', tone: 'unverified' });
    await saveScreenshot(page, 'publishing-capabilities-wizard-sites');
    expect(pageErrors).toEqual([]);
  });
});
