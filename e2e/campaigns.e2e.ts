import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { BACKLINKS_ZIP_NAME, CAMPAIGN_MESSAGES, LINK_SET_MESSAGES, PROFILE_MESSAGES, PROJECT_MESSAGES } from '@linkloom/shared';
import { clickSettled, confirmDelete, expectStrategyPreview, visit, waitForRoute } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { rowNames, seedLinks, tableRow } from './support/campaigns';
import { chooseOption } from './support/select';
import { downloadedBytes, downloadedText } from './support/downloads';
import { readZipTextEntries } from '../packages/server/src/platform/files/zip';

/** The campaign list and the campaign screen, walked as a new user on one real server (SQLite). */
const USER = { username: 'campaigns@example.com', password: 'campaigns e2e password' };

/** The id of the row whose text holds `text`. */
async function rowId(page: Page, table: string, text: string): Promise<number> {
  return Number(await tableRow(page, table, text).getAttribute('data-row-key'));
}

describe('campaigns', () => {
  const suite = useSignedInSuite(USER);

  test('list: create manually, rename, live in a second window, scheduler switch, backlinks zip, delete', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/campaigns');
    const other = await suite.signedInPage(ctx, '/campaigns');
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();

    // The X-Wizard type is the default: its select offers the built-in strategies with their previews.
    await page.getByTestId('add-campaign').click();
    await page.getByTestId('strategy-select').click();
    const pyramid = page.getByTestId('strategy-option-1');
    await pyramid.waitFor();
    expect(await pyramid.textContent()).toContain('2-Tier Web 2.0 Pyramid');
    await expectStrategyPreview(pyramid.locator('img'));
    expect(await page.getByTestId('no-strategies').count()).toBe(0);
    await saveScreenshot(page, 'new-campaign-dialog');
    await clickSettled(page.getByTestId('campaign-type').getByText('Manually'));
    await clickSettled(page.getByTestId('new-campaign-dialog-ok'));
    await page.getByText(CAMPAIGN_MESSAGES.nameRequired).waitFor();
    await page.getByTestId('new-campaign-dialog-name').fill('Spring launch');
    await clickSettled(page.getByTestId('new-campaign-dialog-ok'));
    await tableRow(page, 'campaigns-table', 'Spring launch').waitFor();
    await tableRow(other.page, 'campaigns-table', 'Spring launch').waitFor();
    const id = await rowId(page, 'campaigns-table', 'Spring launch');
    // Manual campaigns have no Duplicate action (wizard-made only).
    expect(await page.getByTestId(`duplicate-${id}`).count()).toBe(0);

    await page.getByTestId(`rename-${id}`).click();
    await page.getByTestId('rename-campaign-dialog-name').fill('Summer launch');
    await clickSettled(page.getByTestId('rename-campaign-dialog-ok'));
    await tableRow(page, 'campaigns-table', 'Summer launch').waitFor();
    await tableRow(other.page, 'campaigns-table', 'Summer launch').waitFor();
    expect(await tableRow(other.page, 'campaigns-table', 'Summer launch').getByTestId('status-tag').first().textContent()).toBe('Active');

    // The campaign screen: title, breadcrumbs, the scheduler switch (the list follows live).
    await page.getByTestId(`campaign-link-${id}`).click();
    await waitForRoute(page, `/campaign/${id}`);
    await page.getByRole('heading', { name: 'Campaign: Summer launch' }).waitFor();
    expect(await page.getByTestId('breadcrumbs').textContent()).toBe('Home/Campaigns/Campaign: Summer launch');
    const toggle = page.getByTestId('scheduler-switch');
    expect(await toggle.getAttribute('data-status')).toBe('ACTIVE');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('class')).toContain('ant-switch-loading');
    await expect.poll(() => toggle.getAttribute('data-status'), { timeout: 10_000 }).toBe('PAUSED');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => tableRow(other.page, 'campaigns-table', 'Summer launch').getByTestId('status-tag').first().textContent()).toBe('Inactive');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('data-status'), { timeout: 10_000 }).toBe('ACTIVE');

    // A link set with links (seeded into the server's database: the links screen is another area's).
    await page.getByRole('tab', { name: 'Backlinks' }).click();
    await page.getByTestId('add-link-set').click();
    await page.getByTestId('add-link-set-dialog-name').fill('Money pages');
    await clickSettled(page.getByTestId('add-link-set-dialog-ok'));
    await tableRow(page, 'link-sets-table', 'Money pages').waitFor();
    const linkSetId = await rowId(page, 'link-sets-table', 'Money pages');
    const added = Date.UTC(2030, 4, 6, 7, 8, 9);
    await seedLinks(suite.server, linkSetId, [
      { url: 'https://example.com/one', anchor: 'first, anchor', dateAdded: added },
      { url: 'https://example.com/two', anchor: '=cmd()', dateAdded: added },
    ]);

    await visit(page, suite.server.baseUrl, '/campaigns');
    await tableRow(page, 'campaigns-table', 'Summer launch').locator('input[type=checkbox]').check();
    const zip = await downloadedBytes(page, async () => {
      await page.getByTestId('download-menu').hover();
      await page.getByTestId('download-backlinks').click();
    });
    expect(zip.name).toBe(BACKLINKS_ZIP_NAME);
    const entries = await readZipTextEntries(zip.bytes, 1024 * 1024);
    expect(entries.map((entry) => entry.name)).toEqual(['Summer launch.csv']);
    const date = new Date(added).toISOString();
    expect(entries[0]!.text.split('\r\n')).toEqual([
      'URL,Anchor,Link set,Date added',
      `https://example.com/one,"first, anchor",Money pages,${date}`,
      `https://example.com/two,'=cmd(),Money pages,${date}`,
      '',
    ]);
    await saveScreenshot(page, 'campaigns-list');

    await page.getByTestId('delete-campaigns').click();
    await confirmDelete(page);
    await expect.poll(() => rowNames(page, 'campaigns-table', 'campaign-link-')).toEqual([]);
    await expect.poll(() => rowNames(other.page, 'campaigns-table', 'campaign-link-')).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('campaign screen: projects add / rename / duplicate / delete, profiles and link sets, live in a second window', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/campaigns');
    await page.getByTestId('add-campaign').click();
    await clickSettled(page.getByTestId('campaign-type').getByText('Manually'));
    await page.getByTestId('new-campaign-dialog-name').fill('Workspace');
    await clickSettled(page.getByTestId('new-campaign-dialog-ok'));
    await tableRow(page, 'campaigns-table', 'Workspace').waitFor();
    const id = await rowId(page, 'campaigns-table', 'Workspace');
    await page.getByTestId(`campaign-link-${id}`).click();
    await page.getByRole('heading', { name: 'Campaign: Workspace' }).waitFor();
    const other = await suite.signedInPage(ctx, `/campaign/${id}`);

    await page.getByTestId('add-project').click();
    await clickSettled(page.getByTestId('project-dialog-ok'));
    await page.getByText(PROJECT_MESSAGES.moduleRequired).waitFor();
    await page.getByText(PROJECT_MESSAGES.nameRequired).waitFor();
    await chooseOption(page, 'project-dialog-module', 'Wiki');
    await page.getByTestId('project-dialog-name').fill('Wiki run');
    await clickSettled(page.getByTestId('project-dialog-ok'));
    await tableRow(page, 'projects-table', 'Wiki run').waitFor();
    await tableRow(other.page, 'projects-table', 'Wiki run').waitFor();
    const projectId = await rowId(page, 'projects-table', 'Wiki run');
    expect(await page.getByTestId(`project-link-${projectId}`).getAttribute('href')).toBe(`#/project/${projectId}`);
    expect(await tableRow(page, 'projects-table', 'Wiki run').getByTestId('status-tag').textContent()).toBe('New');

    // Rename: the module is locked.
    await page.getByTestId(`rename-project-${projectId}`).click();
    expect(await page.locator('[data-testid="project-dialog"] .ant-select-disabled').count()).toBe(1);
    await page.getByTestId('project-dialog-name').fill('Wiki main');
    await clickSettled(page.getByTestId('project-dialog-ok'));
    await tableRow(other.page, 'projects-table', 'Wiki main').waitFor();

    // Duplicate: 'Copy of ' + the old name, module locked.
    await page.getByTestId(`duplicate-project-${projectId}`).click();
    expect(await page.getByTestId('project-dialog-name').inputValue()).toBe('Copy of Wiki main');
    expect(await page.locator('[data-testid="project-dialog"] .ant-select-disabled').count()).toBe(1);
    await clickSettled(page.getByTestId('project-dialog-ok'));
    await tableRow(page, 'projects-table', 'Copy of Wiki main').waitFor();
    await tableRow(other.page, 'projects-table', 'Copy of Wiki main').waitFor();
    expect(await tableRow(page, 'projects-table', 'Copy of Wiki main').textContent()).toContain('Wiki');

    await tableRow(page, 'projects-table', 'Copy of Wiki main').locator('input[type=checkbox]').check();
    await page.getByTestId('delete-projects').click();
    await confirmDelete(page);
    await expect.poll(() => rowNames(other.page, 'projects-table', 'project-link-')).toEqual(['Wiki main']);

    await page.getByRole('tab', { name: 'Accounts' }).click();
    await other.page.getByRole('tab', { name: 'Accounts' }).click();
    await page.getByTestId('add-profile').click();
    await clickSettled(page.getByTestId('add-profile-dialog-ok'));
    await page.getByText(PROFILE_MESSAGES.nameRequired).waitFor();
    await page.getByTestId('add-profile-dialog-name').fill('Blog accounts');
    await clickSettled(page.getByTestId('add-profile-dialog-ok'));
    await tableRow(other.page, 'profiles-table', 'Blog accounts').waitFor();
    const profileId = await rowId(page, 'profiles-table', 'Blog accounts');
    expect(await page.getByTestId(`profile-link-${profileId}`).getAttribute('href')).toBe(`#/accounts/${profileId}`);
    await page.getByTestId(`rename-profile-${profileId}`).click();
    await page.getByTestId('rename-profile-dialog-name').fill('Wiki accounts');
    await clickSettled(page.getByTestId('rename-profile-dialog-ok'));
    await tableRow(other.page, 'profiles-table', 'Wiki accounts').waitFor();

    // Several profiles in one file, named after the campaign.
    await tableRow(page, 'profiles-table', 'Wiki accounts').locator('input[type=checkbox]').check();
    const accounts = await downloadedText(page, () => page.getByTestId('download-selected-profiles').click());
    expect(accounts.name).toBe('Workspace_accounts.csv');
    expect(accounts.text.split('\r\n')[0]).toBe('site,email,username,password,profile');

    await page.getByRole('tab', { name: 'Backlinks' }).click();
    await other.page.getByRole('tab', { name: 'Backlinks' }).click();
    await page.getByTestId('add-link-set').click();
    await clickSettled(page.getByTestId('add-link-set-dialog-ok'));
    await page.getByText(LINK_SET_MESSAGES.nameRequired).waitFor();
    await page.getByTestId('add-link-set-dialog-name').fill('Tier 1');
    await clickSettled(page.getByTestId('add-link-set-dialog-ok'));
    await tableRow(other.page, 'link-sets-table', 'Tier 1').waitFor();
    const linkSetId = await rowId(page, 'link-sets-table', 'Tier 1');
    expect(await page.getByTestId(`link-set-link-${linkSetId}`).getAttribute('href')).toBe(`#/url_list/${linkSetId}`);
    await saveScreenshot(page, 'campaign-screen-backlinks');
    await page.getByRole('tab', { name: 'Projects' }).click();
    await saveScreenshot(page, 'campaign-screen-projects');

    await page.getByRole('tab', { name: 'Backlinks' }).click();
    await seedLinks(suite.server, linkSetId, [{ url: 'https://example.com/tier-one', anchor: 'tier one', dateAdded: Date.UTC(2030, 0, 2) }]);
    await tableRow(page, 'link-sets-table', 'Tier 1').locator('input[type=checkbox]').check();
    // Several link sets in one file: URLs only, or everything.
    const urlsOnly = await downloadedText(page, async () => {
      await page.getByTestId('download-selected-link-sets').hover();
      await page.getByTestId('download-selected-link-sets-urls').click();
    });
    expect(urlsOnly).toEqual({ name: 'Workspace_urls.txt', text: expect.stringContaining('https://example.com/tier-one') });
    const fullInfo = await downloadedText(page, async () => {
      await page.getByTestId('download-selected-link-sets').hover();
      await page.getByTestId('download-selected-link-sets-full').click();
    });
    expect(fullInfo.name).toBe('Workspace_urls.csv');
    expect(fullInfo.text).toContain('tier one');
    await page.getByTestId('delete-link-sets').click();
    await confirmDelete(page);
    await expect.poll(() => rowNames(other.page, 'link-sets-table', 'link-set-link-')).toEqual([]);

    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
