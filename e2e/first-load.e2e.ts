import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Response } from 'playwright-core';
import { STORAGE_KEYS } from '@linkloom/shared';
import { INITIAL_JS_BUDGET_GZIP, initialJavaScript } from '../scripts/build/web-assets';
import { REPO_ROOT } from '../packages/server/test/support/server-process';
import { insertCampaign } from '../packages/server/src/features/campaigns/campaigns.repository';
import { clickSettled, visit } from './support/app';
import { seedAsUser } from './support/server-database';
import { useSignedInSuite } from './support/suite';

/**
 * Issue 10, the first screen: what the built app sends (npm run test:e2e builds it first). The
 * first load's JavaScript (what the sign-in screen needs) stays within its budget; the campaign
 * list adds its own chunk, fetched at boot, and no other screen's; assets arrive compressed by the build and cacheable for good; another screen's chunk
 * arrives when it is opened. Nothing here measures time.
 */
const USER = { username: 'first-load@example.com', password: 'first load e2e password' };
/** The build the server serves (WEB_DIST, as the server reads it; packages/web/dist by default). */
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(REPO_ROOT, 'packages/web/dist'));

/** The scripts a page fetched from the server, by path. */
function collectScripts(responses: Response[]): Map<string, Response> {
  const scripts = new Map<string, Response>();
  for (const response of responses) {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.set(pathname.replace(/^\//, ''), response);
  }
  return scripts;
}

describe('first load', () => {
  const suite = useSignedInSuite(USER);

  test('the initial JavaScript (entry and its static imports) stays within its gzip budget', () => {
    const initial = initialJavaScript(WEB_DIST);
    expect(initial.files.length).toBeGreaterThan(0);
    expect(initial.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
  });

  test('the campaign list loads the initial scripts and its own chunk only, brotli-compressed and immutable; a campaign loads its chunk', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx);
    const initial = new Set(initialJavaScript(WEB_DIST).files);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`));

    // A full load of the list (signing in already loaded the app in this page).
    await page.goto('about:blank');
    responses.length = 0;
    asked.length = 0;
    // The list's chunk is held until its data has been asked for (or 5 s): only a GET sent at boot,
    // not one sent by the list's own component, can leave while the list's code has not arrived.
    let listAskedBeforeItsCode = false;
    await page.route(/\/campaigns-page-[\w-]+\.js$/, async (route) => {
      for (let waited = 0; waited < 5_000 && !asked.includes('GET /rest/campaigns'); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      listAskedBeforeItsCode = asked.includes('GET /rest/campaigns');
      await route.continue();
    });
    await visit(page, suite.server.baseUrl, '/campaigns');
    await page.getByTestId('campaigns-table').waitFor();
    await page.getByTestId('campaigns-table').locator('.ant-table-placeholder, .ant-table-row').first().waitFor();
    // The boot GETs leave before React renders and the screens take their answers (lib/early-get.ts):
    // each is asked once, not once early and again by the component that needs it. The list may be
    // read once more: an answer that arrived before its live topic was confirmed is read again then.
    const bootCalls = ['GET /api/session', 'GET /public/api/setup', 'GET /public/api/app-info'];
    expect(bootCalls.map((call) => asked.filter((line) => line === call).length), bootCalls.join(', ')).toEqual([1, 1, 1]);
    expect(asked.filter((line) => line === 'GET /rest/campaigns').length).toBeLessThanOrEqual(2);
    expect(listAskedBeforeItsCode, 'the list\'s data is asked for at boot, beside its chunk').toBe(true);
    await page.unroute(/\/campaigns-page-[\w-]+\.js$/);
    await page.getByTestId('add-campaign').click();
    await clickSettled(page.getByTestId('campaign-type').getByText('Manually'));
    await page.getByTestId('new-campaign-dialog-name').fill('First load');
    await clickSettled(page.getByTestId('new-campaign-dialog-ok'));
    const link = page.getByRole('link', { name: 'First load' });
    await link.waitFor();

    const listScripts = collectScripts(responses);
    for (const file of initial) expect([...listScripts.keys()], `${file} is part of the first load`).toContain(file);
    // Besides the first load: the list's own chunk (preloaded at boot) and the live channel's client.
    const extra = [...listScripts.keys()].filter((file) => !initial.has(file) && !/socket|live|browser/i.test(file));
    expect(extra.some((file) => /campaigns-page/.test(file)), 'the campaign list is a chunk of its own').toBe(true);
    // Screens are chunks named after their page module (campaign-page-…js); shared pieces are not.
    const screens = extra.filter((file) => /-page-[\w-]+\.js$/.test(file));
    expect(screens.filter((file) => !/\/campaigns-page-/.test(file)), 'no other screen is fetched for the campaign list').toEqual([]);
    for (const [file, response] of listScripts) {
      const headers = await response.allHeaders();
      if (response.status() === 304) continue;
      // Files too small to gain from it have no compressed twin (scripts/build/web-assets.ts).
      if (fs.existsSync(path.join(WEB_DIST, `${file}.br`))) expect(headers['content-encoding'], file).toBe('br');
      expect(headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    const index = responses.find((response) => new URL(response.url()).pathname === '/');
    expect(index && (await index.allHeaders())['cache-control']).toBe('no-cache');
    // Signed in, the page names the list's chunk up front (modulepreload), so it arrives beside the
    // entry; signed out (the sign-in screen) it does not.
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="\.\/(assets\/[^"]+)">/g)].map((match) => match[1]!);
    const signedInHtml = await index!.text();
    expect(preloads(signedInHtml).some((file) => /\/campaigns-page-/.test(file)), 'the list\'s chunk is preloaded').toBe(true);
    for (const file of preloads(signedInHtml)) expect([...listScripts.keys()], `${file} is preloaded and used`).toContain(file);
    const signedOutHtml = await (await fetch(`${suite.server.baseUrl}/`)).text();
    expect(preloads(signedOutHtml).filter((file) => /-page-/.test(file))).toEqual([]);

    responses.length = 0;
    await link.click();
    await page.getByTestId('campaign-tabs').waitFor();
    expect([...collectScripts(responses).keys()].some((file) => /campaign-page/.test(file)), 'the campaign screen is its own chunk').toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('a first screen whose code is slow does not hold the frame back: the frame shows its loading state, then the list', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx);
    // The first render waits a moment for the list's chunk and rows (app/main.tsx), no longer.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.goto('about:blank');
    await page.route(/\/campaigns-page-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await visit(page, suite.server.baseUrl, '/campaigns');
    await page.getByTestId('app-footer').waitFor();
    await page.getByTestId('screen-loading').waitFor();
    expect(await page.getByTestId('campaigns-table').count()).toBe(0);
    release();
    await page.getByTestId('campaigns-table').locator('.ant-table-placeholder, .ant-table-row').first().waitFor();
    expect(await page.getByTestId('screen-loading').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('the list draws the rows that fill the window first, the top ones in the table\'s order, then every row', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx);
    await seedAsUser(suite.server, USER.username, async (db, ownerId) => {
      for (let i = 0; i < 80; i += 1) await insertCampaign(db, { ownerId, name: `Windowful ${i}` });
    });
    const ids = await seedAsUser(suite.server, USER.username, async (db, ownerId) => (
      await db.selectFrom('campaigns').select('id').where('owner_id', '=', ownerId).execute()
    ).map((row) => row.id));
    const descending = [...ids].sort((a, b) => b - a).map(String);
    // The rows in the page at the first moment any is there (before the next frame draws the rest).
    await page.addInitScript(`(() => {
      const observer = new MutationObserver(() => {
        const rows = document.querySelectorAll('[data-testid="campaigns-table"] tr[data-row-key]');
        if (rows.length === 0) return;
        observer.disconnect();
        window.firstRowKeys = [...rows].map((row) => row.getAttribute('data-row-key'));
      });
      observer.observe(document, { childList: true, subtree: true });
    })()`);
    await page.setViewportSize({ width: 1280, height: 800 });
    const rows = page.getByTestId('campaigns-table').locator('tr[data-row-key]');
    const load = async () => {
      await page.goto('about:blank');
      await visit(page, suite.server.baseUrl, '/campaigns');
      // Every row comes (the list's page holds 100), in the ID column's default order (descending).
      // The rest come in a transition that yields to the browser between rows: on a loaded machine that
      // takes longer than expect.poll's default second, so the wait is longer (it asserts no duration).
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(Math.min(ids.length, 100));
      expect(await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-row-key')))).toEqual(descending.slice(0, 100));
      return await page.evaluate('window.firstRowKeys') as string[];
    };

    // A browser that has not drawn the list yet: 800 px of window over the shortest row (39 px), 21 rows.
    await page.evaluate((key) => window.localStorage.removeItem(key), STORAGE_KEYS.tableLayouts);
    expect(await load()).toEqual(descending.slice(0, 21));
    // Drawn once, the list is remembered (where its first row sits, how tall its rows are): the next
    // first paint draws the rows that fill the window below that top, and no fewer.
    const inWindow = await rows.evaluateAll((all) => all.filter((row) => row.getBoundingClientRect().top < window.innerHeight).length);
    const first = await load();
    expect(first.length).toBeGreaterThanOrEqual(inWindow);
    expect(first.length).toBeLessThan(21);
    expect(first).toEqual(descending.slice(0, first.length));
    expect(pageErrors).toEqual([]);
  });
});
