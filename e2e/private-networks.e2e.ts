import { describe, expect, test } from 'vitest';
import { PRIVATE_NETWORK_MESSAGES, PRIVATE_SITE_REASONS } from '@linkloom/shared';
import { clickSettled, closeErrorList, confirmDelete, visit } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { networkNames, networkRow } from './support/private-networks';
import { downloadedText } from './support/downloads';
import { seedAsUser } from './support/server-database';
import { buildProfileWithAccounts } from '../packages/server/test/support/private-network-factories';

/** The private network list and screen, walked as a new user on one real server (SQLite). */
const USER = { username: 'networks@example.com', password: 'private networks e2e' };
const LONG_NAME = `My blog network ${'x'.repeat(130)}`;

describe('private networks', () => {
  const suite = useSignedInSuite(USER);

  test('list: add (with the required name), truncated name, rename, live in a second window, delete', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/private-networks');
    const other = await suite.signedInPage(ctx, '/private-networks');
    await page.getByRole('heading', { name: 'Private Networks' }).waitFor();

    await page.getByTestId('add-private-network').click();
    await clickSettled(page.getByTestId('add-network-dialog-ok'));
    await page.getByText(PRIVATE_NETWORK_MESSAGES.nameRequired).waitFor();
    await page.getByTestId('add-network-dialog-name').fill(LONG_NAME);
    await clickSettled(page.getByTestId('add-network-dialog-ok'));
    const shown = `${LONG_NAME.slice(0, 120)}…`;
    await page.getByText(shown, { exact: true }).waitFor();
    // The second window hears addNew and shows the row without a reload.
    await other.page.getByText(shown, { exact: true }).waitFor();

    const row = networkRow(page, shown);
    const id = await row.getAttribute('data-row-key');
    await page.getByTestId(`rename-${id}`).click();
    await page.getByTestId('rename-network-dialog-name').fill('Blog network');
    await clickSettled(page.getByTestId('rename-network-dialog-ok'));
    await page.getByText('Blog network', { exact: true }).waitFor();
    await other.page.getByText('Blog network', { exact: true }).waitFor();

    await page.getByTestId('add-private-network').click();
    await page.getByTestId('add-network-dialog-name').fill('Throwaway');
    await clickSettled(page.getByTestId('add-network-dialog-ok'));
    await networkRow(page, 'Throwaway').locator('input[type=checkbox]').check();
    await page.getByTestId('delete-private-networks').click();
    await confirmDelete(page);
    await expect.poll(() => networkNames(other.page)).toEqual(['Blog network']);
    expect(await networkNames(page)).toEqual(['Blog network']);
    await saveScreenshot(page, 'private-networks-list');
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('screen: manual import with a bad line, grouping, collapse/expand, live updates, delete, profile import, export read back', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/private-networks');
    const list = await suite.signedInPage(ctx, '/private-networks');
    await networkRow(page, 'Blog network').getByTestId('name-link').click();
    await page.getByRole('heading', { name: 'Private Network: Blog network' }).waitFor();
    const route = new URL(page.url()).hash.slice(1);
    expect(route).toMatch(/^\/private-network\/\d+$/);
    expect(await page.getByTestId('breadcrumbs').textContent()).toContain('Private Networks');
    const watcher = await suite.signedInPage(ctx, route);
    await watcher.page.getByRole('heading', { name: 'Private Network: Blog network' }).waitFor();

    // Import → Manually: required text, then two good lines and a bad one.
    await page.getByTestId('import-menu').click();
    await page.getByTestId('import-manually').click();
    await clickSettled(page.getByTestId('import-sites-dialog-ok'));
    await page.getByText(PRIVATE_NETWORK_MESSAGES.siteListRequired).waitFor();
    await page.getByTestId('import-sites-dialog-text').fill([
      'https://wp-one.example.com|one@example.com|admin|pa|ss',
      'wp-two.example.com|two@example.com|editor',
      'www.wp-three.example.com|three@example.com|writer|secret',
    ].join('\n'));
    await page.getByTestId('self-hosted').check();
    await clickSettled(page.getByTestId('import-sites-dialog-ok'));
    // The good lines are imported; the refused one alone stays in the box, renumbered, to be fixed (issue 39 item 4).
    await page.getByText('2 sites imported, 1 line refused', { exact: true }).waitFor();
    await page.getByTestId('import-sites-dialog-problems').getByText(`Line 1: ${PRIVATE_SITE_REASONS.format}`).waitFor();
    expect(await page.getByTestId('import-sites-dialog-text').inputValue()).toBe('wp-two.example.com|two@example.com|editor');
    await page.keyboard.press('Escape');

    const grid = page.getByTestId('private-sites-table');
    await grid.getByText('https://wp-one.example.com').waitFor();
    await grid.getByText('Private Blog').waitFor();
    await grid.getByText('WordPress').waitFor();
    // Passwords are masked until shown (issue 39 item 5); the one with a pipe is kept whole.
    expect(await grid.getByText('pa|ss', { exact: true }).count()).toBe(0);
    await grid.getByRole('button', { name: 'Show the password of admin on https://wp-one.example.com' }).click();
    expect(await grid.getByText('pa|ss', { exact: true }).count()).toBe(1);
    // The second window on this network and the list window hear the import.
    await watcher.page.getByTestId('private-sites-table').getByText('www.wp-three.example.com').waitFor();
    await expect.poll(() => networkRow(list.page, 'Blog network').locator('td').last().textContent()).toBe('2');

    await page.getByTestId('collapse-groups').click();
    await grid.getByText('https://wp-one.example.com').waitFor({ state: 'hidden' });
    await grid.getByText('Private Blog').waitFor();
    await page.getByTestId('expand-groups').click();
    await grid.getByText('https://wp-one.example.com').waitFor();
    await saveScreenshot(page, 'private-network-screen');

    // Delete one site.
    await grid.locator('tr[data-row-key^="s:"]').filter({ hasText: 'www.wp-three.example.com' }).locator('input[type=checkbox]').check();
    await page.getByTestId('delete-sites').click();
    await confirmDelete(page);
    await grid.getByText('www.wp-three.example.com').waitFor({ state: 'hidden' });
    await watcher.page.getByTestId('private-sites-table').getByText('www.wp-three.example.com').waitFor({ state: 'hidden' });

    // Import → From Account Profiles: the profile is required, then its accounts become sites.
    await seedAsUser(suite.server, USER.username, (db, ownerId) => buildProfileWithAccounts(db, {
      ownerId, campaignName: 'Spring campaign', name: 'Blog accounts',
      accounts: [
        { siteName: 'acc.example.com', email: 'acc@example.com', username: 'acc', password: 'pw' },
        { siteName: 'broken site', email: 'b@example.com', username: 'b', password: 'pw' },
      ],
    }));
    await page.getByTestId('import-menu').click();
    await page.getByTestId('import-from-profiles').click();
    await clickSettled(page.getByTestId('profile-import-dialog-ok'));
    await page.getByText(PRIVATE_NETWORK_MESSAGES.profileRequired).waitFor();
    await page.getByTestId('profile-select').click();
    await page.getByTitle('Blog accounts (2)').click();
    await clickSettled(page.getByTestId('profile-import-dialog-ok'));
    await page.getByTestId('error-list').getByText(`Account broken site (b@example.com): ${PRIVATE_SITE_REASONS.siteInvalid}`).waitFor();
    await closeErrorList(page);
    await grid.getByText('acc.example.com').waitFor();
    await grid.getByText('Unknown').waitFor();

    // Export from the list and read the file back: it re-imports line for line.
    await visit(page, suite.server.baseUrl, '/private-networks');
    const id = await networkRow(page, 'Blog network').getAttribute('data-row-key');
    const file = await downloadedText(page, () => page.getByTestId(`export-${id}`).click());
    expect(file.name).toBe('Blog network_private_sites.txt');
    expect(file.text.split('\r\n').filter(Boolean).sort()).toEqual([
      'acc.example.com|acc@example.com|acc|pw',
      'https://wp-one.example.com|one@example.com|admin|pa|ss',
    ]);
    expect(pageErrors).toEqual([]);
    expect(watcher.pageErrors).toEqual([]);
  });
});
