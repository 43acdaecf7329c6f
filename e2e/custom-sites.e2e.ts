import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { CUSTOM_SITE_MESSAGES, UPLOAD_MESSAGES } from '@linkloom/shared';
import { PROXY_WAIT_MESSAGES } from '../packages/server/src/engine/runner/engine-options';
import { callAs, clickSettled, confirmDelete } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { chooseOption } from './support/select';
import { downloadedText } from './support/downloads';

/** The custom sites screen, walked as a new user on one real server (SQLite). */
const USER = { username: 'custom-sites@example.com', password: 'custom sites e2e' };

describe('custom sites', () => {
  const suite = useSignedInSuite(USER);

  test('add with its rules, import one module with a bad line, Import All, live in a second window, collapse, delete, export', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/custom-sites');
    const other = await suite.signedInPage(ctx, '/custom-sites');
    await page.getByRole('heading', { name: 'Custom Sites' }).waitFor();
    await page.getByTestId('verifier-status').getByText('Not run').waitFor();
    await page.getByTestId('site-grid-empty').waitFor();

    // Add: the URL and the module are required, a login needs its password.
    await page.getByTestId('add-site').click();
    await clickSettled(page.getByTestId('add-site-dialog-ok'));
    await page.getByText(CUSTOM_SITE_MESSAGES.urlRequired).waitFor();
    await page.getByText(CUSTOM_SITE_MESSAGES.moduleRequired).waitFor();
    await page.getByTestId('add-site-url').fill('https://Blog.Example.com/');
    await chooseOption(page, 'add-site-module', 'Web 2.0 Blogs');
    await page.getByTestId('add-site-login').fill('admin');
    await clickSettled(page.getByTestId('add-site-dialog-ok'));
    await page.getByText(CUSTOM_SITE_MESSAGES.credentialsPair).first().waitFor();
    await page.getByTestId('add-site-password').fill('app pass');
    await page.getByTestId('add-site-da').fill('35');
    await clickSettled(page.getByTestId('add-site-dialog-ok'));
    const grid = page.getByTestId('site-grid');
    await grid.getByText('https://blog.example.com').waitFor();
    await grid.getByText('Web 2.0 Blogs').waitFor();
    // The second window hears sitesInserted.
    await other.page.getByTestId('site-grid').getByText('https://blog.example.com').waitFor();

    // Import (Wiki): two good lines and a bad one; the bad one stays in the box with its reason.
    await page.getByTestId('import-menu').click();
    await page.getByTestId('import-module-Wiki').click();
    await page.getByTestId('import-sites-dialog-text').fill('wiki-one.example.org|20||bot@wiki|bot pass\nnot a site\nwiki-two.example.org');
    await clickSettled(page.getByTestId('import-sites-dialog-ok'));
    await page.getByTestId('import-sites-dialog-problems').getByText(`Line 1: ${CUSTOM_SITE_MESSAGES.urlInvalid}`).waitFor();
    expect(await page.getByTestId('import-sites-dialog-text').inputValue()).toBe('not a site');
    await page.keyboard.press('Escape');
    await grid.getByText('https://wiki-one.example.org').waitFor();
    await grid.getByText('https://wiki-two.example.org').waitFor();

    // Import All: lines carrying their module.
    await page.getByTestId('import-all').click();
    await page.getByTestId('import-all-dialog-text').fill('Bookmarking|bm.example.net|12|premium||\nPDF|https://pdf.example.net');
    await clickSettled(page.getByTestId('import-all-dialog-ok'));
    await grid.getByText('https://bm.example.net').waitFor();
    await other.page.getByTestId('site-grid').getByText('https://pdf.example.net').waitFor();
    await expect.poll(() => page.getByTestId('site-grid-counts').getAttribute('data-total')).toBe('5');

    // A file whose every line is refused imports nothing: its upload says it failed, with what was refused (issue 39 item 4).
    await page.getByTestId('import-all').click();
    await page.getByTestId('import-all-dialog-file').locator('input[type=file]')
      .setInputFiles({ name: 'bad-sites.txt', mimeType: 'text/plain', buffer: Buffer.from('Nowhere|https://x.example\nnot a line\n') });
    await page.getByText(UPLOAD_MESSAGES.failed('bad-sites.txt'), { exact: true }).waitFor();
    await page.getByText('No sites imported, 2 lines refused', { exact: true }).waitFor();
    expect(await page.getByText(UPLOAD_MESSAGES.uploaded('bad-sites.txt')).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('site-grid-counts').getAttribute('data-total')).toBe('5');

    // Premium sites are their own group, first; Premium flags the ticked sites (the other window follows) and unflags them.
    const premiumGroup = (p: typeof page) => p.locator('[data-testid="site-group"][data-group="g:premium"]');
    await expect.poll(() => grid.getByTestId('site-group').first().getAttribute('data-group')).toBe('g:premium');
    expect(await grid.getByTestId('site-row').first().innerText()).toContain('https://bm.example.net');
    await grid.getByLabel('Select https://wiki-two.example.org').check();
    await page.getByTestId('premium-menu').click();
    await page.getByTestId('premium-on').click();
    await expect.poll(() => premiumGroup(page).getByTestId('site-group-count').innerText()).toBe('2');
    await expect.poll(() => premiumGroup(other.page).getByTestId('site-group-count').innerText()).toBe('2');
    expect((await grid.getByTestId('site-row').allInnerTexts()).slice(0, 2)).toEqual([
      expect.stringContaining('https://bm.example.net'), expect.stringContaining('https://wiki-two.example.org'),
    ]);
    await page.getByTestId('premium-menu').click();
    await page.getByTestId('premium-off').click();
    await expect.poll(() => premiumGroup(page).getByTestId('site-group-count').innerText()).toBe('1');
    await grid.getByLabel('Select https://wiki-two.example.org').uncheck();

    // Collapse all hides the sites, Expand all shows them again.
    await page.getByTestId('site-grid-collapse-all').click();
    await grid.getByText('https://bm.example.net').waitFor({ state: 'hidden' });
    await page.getByTestId('site-grid-expand-all').click();
    await grid.getByText('https://bm.example.net').waitFor();
    await saveScreenshot(page, 'custom-sites');

    // Delete one with the confirmation; the other window follows.
    await grid.getByLabel('Select https://pdf.example.net').check();
    await page.getByTestId('delete-sites').click();
    await page.getByText(CUSTOM_SITE_MESSAGES.deleteConfirm).waitFor();
    await confirmDelete(page);
    await grid.getByText('https://pdf.example.net').waitFor({ state: 'hidden' });
    await other.page.getByTestId('site-grid').getByText('https://pdf.example.net').waitFor({ state: 'hidden' });

    // Export All: the file Import All reads.
    const file = await downloadedText(page, () => page.getByTestId('export-all').click());
    expect(file.name).toBe('custom_sites.txt');
    expect(file.text.split('\r\n').filter(Boolean).sort()).toEqual([
      'Bookmarking|https://bm.example.net|12|premium||',
      'SocialNetwork|https://blog.example.com|35||admin|app pass',
      'Wiki|https://wiki-one.example.org|20||bot@wiki|bot pass',
      'Wiki|https://wiki-two.example.org||||',
    ]);

    // A reload shows what was stored.
    await page.reload();
    await grid.getByText('https://wiki-two.example.org').waitFor();
    await expect.poll(() => page.getByTestId('site-grid-counts').getAttribute('data-total')).toBe('4');
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('Start runs the platform verifier: rows, their Dofollow and its status change live, in a second window too', async (ctx) => {
    // A plain web page that is no platform the engine can post to; its outbound links are nofollow.
    const plainSite = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html><head><title>Plain</title></head><body><p>Just a page, see <a href="https://docs.example.com/" rel="nofollow">the docs</a></p></body></html>');
    });
    await new Promise<void>((resolve) => plainSite.listen(0, '127.0.0.1', resolve));
    ctx.onTestFinished(() => new Promise<void>((resolve) => plainSite.close(() => resolve())));
    const plainUrl = `http://127.0.0.1:${(plainSite.address() as AddressInfo).port}`;

    const { page, pageErrors } = await suite.signedInPage(ctx, '/custom-sites');
    const other = await suite.signedInPage(ctx, '/custom-sites');
    await page.getByTestId('import-all').click();
    await page.getByTestId('import-all-dialog-text').fill(`Bookmarking|${plainUrl}|||`);
    await clickSettled(page.getByTestId('import-all-dialog-ok'));
    const row = page.getByTestId('site-grid').getByTestId('site-row').filter({ hasText: plainUrl });
    await row.waitFor();

    await clickSettled(page.getByTestId('verifier-start'));
    // Every site is probed: the plain page is Unknown and FAILED with the verifier's reason, live.
    await expect.poll(() => page.getByTestId('verifier-panel').getAttribute('data-status'), { timeout: 60_000 }).toBe('DONE');
    await row.getByText('Failed').waitFor();
    // The Dofollow column says what the verifier found on the page (issue 39 item 5: it stayed empty).
    await expect.poll(() => row.locator('[data-column="dofollow"]').textContent()).toBe('No');
    const otherRow = other.page.getByTestId('site-grid').getByTestId('site-row').filter({ hasText: plainUrl });
    await otherRow.getByText('Failed').waitFor();
    await expect.poll(() => otherRow.locator('[data-column="dofollow"]').textContent()).toBe('No');
    await expect.poll(() => other.page.getByTestId('verifier-panel').getAttribute('data-status')).toBe('DONE');
    await page.getByTestId('verifier-progress').getByText(/of 5 sites checked/).waitFor();
    await saveScreenshot(page, 'custom-sites-verified');
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('with Use Proxy on and no live proxy the verifier says it waits for one, in every window, until stopped', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/custom-sites');
    await page.getByTestId('site-grid').getByTestId('site-row').first().waitFor();
    await callAs(page, suite.server.baseUrl, 'POST', '/rest/options', { useProxy: true });
    ctx.onTestFinished(async () => {
      await callAs(page, suite.server.baseUrl, 'POST', '/rest/options', { useProxy: false });
    });

    await clickSettled(page.getByTestId('verifier-start'));
    // The run is held (no site is fetched directly): the screen says why, live and on a fresh load.
    await page.getByTestId('verifier-wait').getByText(PROXY_WAIT_MESSAGES.fetching).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('verifier-panel').getAttribute('data-status')).toBe('CHECKING');
    const other = await suite.signedInPage(ctx, '/custom-sites');
    await other.page.getByTestId('verifier-wait').getByText(PROXY_WAIT_MESSAGES.fetching).waitFor();

    await clickSettled(page.getByTestId('verifier-stop'));
    await expect.poll(() => page.getByTestId('verifier-panel').getAttribute('data-status')).toBe('STOPPED');
    expect(await page.getByTestId('verifier-wait').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
