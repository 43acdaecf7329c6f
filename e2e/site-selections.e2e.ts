import { describe, expect, test } from 'vitest';
import { SITE_SELECTION_MESSAGES, everyPlatformPair, platformsFor } from '@linkloom/shared';
import type { Page } from 'playwright-core';
import { clickSettled, confirmDelete, routeOf, visit } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';

/** The site selection list and editor, walked as a new user on one real server (SQLite). */
const USER = { username: 'site-selections@example.com', password: 'site selections e2e' };
const LONG_NAME = `Wiki and blogs ${'x'.repeat(130)}`;
const EDITOR_ROUTE = /^\/site-selection\/(\d+)$/;

/** After Add: the editor of the new selection is open; its id. */
async function openedEditorId(page: Page): Promise<string> {
  await page.waitForURL((url) => EDITOR_ROUTE.test(routeOf(url.toString())));
  await page.getByTestId('site-selection-page').waitFor();
  return EDITOR_ROUTE.exec(routeOf(page.url()))?.[1] ?? '';
}

/** The editor's breadcrumb back to the list (nothing changed: no unsaved-changes question). */
async function backToList(page: Page): Promise<void> {
  await page.getByTestId('breadcrumbs').getByText('Site Selections').click();
  await page.getByTestId('site-selections-page').waitFor();
}

describe('site selections', () => {
  const suite = useSignedInSuite(USER);

  test('list: add (required name), truncated name, rename, live in a second window, delete with the spec confirm', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/site-selections');
    const other = await suite.signedInPage(ctx, '/site-selections');
    await page.getByRole('heading', { name: 'Site Selections' }).waitFor();

    await page.getByTestId('add-site-selection').click();
    await page.getByRole('dialog').getByText('New Site Selection').waitFor();
    await clickSettled(page.getByTestId('add-selection-dialog-ok'));
    await page.getByText(SITE_SELECTION_MESSAGES.nameRequired).waitFor();
    await page.getByTestId('add-selection-dialog-name').fill(LONG_NAME);
    await clickSettled(page.getByTestId('add-selection-dialog-ok'));
    await page.getByText(SITE_SELECTION_MESSAGES.created).waitFor();
    // Add opens what it made (issue 39 item 5): the new selection's editor, then back to the list.
    const id = await openedEditorId(page);
    await backToList(page);
    const shown = `${LONG_NAME.slice(0, 120)}…`;
    await page.getByText(shown, { exact: true }).waitFor();
    await other.page.getByText(shown, { exact: true }).waitFor();
    await page.getByTestId(`rename-${id}`).click();
    await page.getByRole('dialog').getByText('Rename Site Selection').waitFor();
    await page.getByTestId('rename-selection-dialog-name').fill('Wikis');
    await clickSettled(page.getByTestId('rename-selection-dialog-ok'));
    await page.getByText('Wikis', { exact: true }).waitFor();
    await other.page.getByText('Wikis', { exact: true }).waitFor();

    await page.getByTestId('add-site-selection').click();
    await page.getByTestId('add-selection-dialog-name').fill('Throwaway');
    await clickSettled(page.getByTestId('add-selection-dialog-ok'));
    await openedEditorId(page);
    await backToList(page);
    const throwaway = page.getByTestId('site-selections-table').locator('tr[data-row-key]').filter({ hasText: 'Throwaway' });
    await throwaway.locator('input[type=checkbox]').check();
    await page.getByTestId('delete-site-selections').click();
    await page.getByText(SITE_SELECTION_MESSAGES.deleteConfirm).waitFor();
    await confirmDelete(page);
    await other.page.getByText('Throwaway', { exact: true }).waitFor({ state: 'hidden' });
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('editor: select by platforms, then by sites with counts and the show filter, save, reload', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/custom-sites');
    // Sites to choose from, added on the custom sites screen.
    await page.getByTestId('import-all').click();
    await page.getByTestId('import-all-dialog-text').fill('Wiki|wiki-a.example.org|40|||\nWiki|wiki-b.example.org|10|||\nSocialNetwork|blog-a.example.com||||');
    await clickSettled(page.getByTestId('import-all-dialog-ok'));
    await page.getByTestId('site-grid').getByText('https://blog-a.example.com').waitFor();

    await visit(page, suite.server.baseUrl, '/site-selections');
    await page.getByTestId('site-selections-table').getByText('Wikis', { exact: true }).click();
    await page.getByRole('heading', { name: 'Wikis' }).waitFor();
    expect(await page.getByTestId('breadcrumbs').textContent()).toContain('Site Selections');
    const route = new URL(page.url()).hash.slice(1);
    expect(route).toMatch(/^\/site-selection\/\d+$/);

    // Platforms (Condition): the platforms the user's sites have, with how many (not yet verified: Unknown).
    await page.getByTestId('platform-grid').waitFor();
    const total = () => page.getByTestId('platform-counts').getAttribute('data-total');
    await expect.poll(total).toBe('2');
    expect(await page.getByTestId('platform-sites-Wiki-Unknown').textContent()).toBe('2 sites');
    expect(await page.getByTestId('platform-sites-SocialNetwork-Unknown').textContent()).toBe('1 site');
    expect(await page.getByTestId('platform-Wiki-MediaWiki').count()).toBe(0);
    // The platforms no site has yet are a switch away (kept in the address).
    await page.getByLabel('Show platforms without sites').click();
    await expect.poll(total).toBe(String(everyPlatformPair().length));
    expect(new URL(page.url()).hash).toContain('platforms=all');
    // Tick MediaWiki under Wiki and every platform of Web 2.0 Blogs; a tick stays listed when the switch goes off.
    await page.getByTestId('platform-Wiki-MediaWiki').check();
    await page.getByLabel('Show platforms without sites').click();
    await expect.poll(total).toBe('3');
    expect(await page.getByTestId('platform-Wiki-MediaWiki').isChecked()).toBe(true);
    await page.getByLabel('Show platforms without sites').click();
    await expect.poll(total).toBe(String(everyPlatformPair().length));
    await page.getByTestId('platform-group-check-SocialNetwork').check();
    // MediaWiki, and each platform that publishes Web 2.0 Blogs with Unknown.
    const ticked = String(1 + platformsFor('SocialNetwork').length + 1);
    await expect.poll(() => page.getByTestId('platform-counts').getAttribute('data-selected')).toBe(ticked);
    await page.getByTestId('filter-min-pr').fill('20');
    await page.getByTestId('filter-dofollow').check();
    await clickSettled(page.getByTestId('save-changes'));
    await page.getByText(SITE_SELECTION_MESSAGES.saved).waitFor();
    await page.reload();
    await page.getByTestId('platform-grid').waitFor();
    expect(await page.getByTestId('platforms-without-sites').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('platform-Wiki-MediaWiki').isChecked()).toBe(true);
    expect(await page.getByTestId('platform-Wiki-DokuWiki').isChecked()).toBe(false);
    expect(await page.getByTestId('platform-counts').getAttribute('data-selected')).toBe(ticked);
    // Without the switch: the sites' platforms and the ticked ones (MediaWiki, for wikis to come).
    await page.getByLabel('Show platforms without sites').click();
    await expect.poll(total).toBe(String(Number(ticked) + 1));
    expect(await page.getByTestId('platform-Wiki-MediaWiki').isChecked()).toBe(true);
    expect(await page.getByTestId('platform-sites-Wiki-MediaWiki').textContent()).toBe('0 sites');
    expect(await page.getByTestId('filter-min-pr').inputValue()).toBe('20');
    expect(await page.getByTestId('filter-dofollow').isChecked()).toBe(true);

    // Sites (Manually): the site grid with its counts and show filter.
    await page.getByTestId('select-by-Manually').click();
    const grid = page.getByTestId('site-grid');
    await grid.getByText('https://wiki-a.example.org').waitFor();
    const counts = page.getByTestId('site-grid-counts');
    await expect.poll(() => counts.getAttribute('data-total')).toBe('3');
    await grid.getByLabel('Select https://wiki-a.example.org').check();
    await grid.getByLabel('Select https://blog-a.example.com').check();
    await expect.poll(() => counts.getAttribute('data-selected')).toBe('2');
    await page.getByTestId('site-grid-selection-filter').getByText('Unselected').click();
    await grid.getByText('https://wiki-a.example.org').waitFor({ state: 'hidden' });
    await grid.getByText('https://wiki-b.example.org').waitFor();
    await page.getByTestId('site-grid-selection-filter').getByText('All').click();
    // Leaving with unsaved ticks asks first; Stay keeps them.
    await page.getByTestId('breadcrumbs').getByText('Site Selections').click();
    await clickSettled(page.getByTestId('stay-unsaved'));
    await page.getByTestId('stay-unsaved').waitFor({ state: 'hidden' });
    await expect.poll(() => counts.getAttribute('data-selected')).toBe('2');
    await saveScreenshot(page, 'site-selection-editor');
    await clickSettled(page.getByTestId('save-changes'));
    await page.getByText(SITE_SELECTION_MESSAGES.saved).first().waitFor();

    await page.reload();
    await grid.getByText('https://wiki-a.example.org').waitFor();
    await expect.poll(() => counts.getAttribute('data-selected')).toBe('2');
    expect(await grid.getByLabel('Select https://wiki-a.example.org').isChecked()).toBe(true);
    expect(await grid.getByLabel('Select https://wiki-b.example.org').isChecked()).toBe(false);
    await visit(page, suite.server.baseUrl, '/site-selections');
    await page.getByTestId('site-selections-table').getByText('Sites', { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
