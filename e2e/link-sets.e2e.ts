import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { KEYWORD_MESSAGES, LINK_ITEM_MESSAGES, LINK_MESSAGES } from '@linkloom/shared';
import { clickSettled, closeErrorList, confirmDelete } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { downloadedText } from './support/downloads';
import { filterLinks, linkRow, linkRows, seedLinkSet, shownColumn, shownPercentages, shownUrls, typePercentage } from './support/link-sets';

/** The link set screen (/url_list/:id), walked as a user on one real server (SQLite). */
const USER = { username: 'links@example.com', password: 'links e2e password' };
const DAY = new Date(2024, 2, 5, 12).getTime();

let route: string;
let campaignName: string;

/** Waits for a toast with exactly this text. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).waitFor();

describe('link set screen', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      const seeded = await seedLinkSet(server, USER.username, {
        linkSetName: 'Money links',
        links: [
          {
            url: 'https://bravo.test/page', anchor: 'Bravo anchor', linksOnPage: 12, pr: 40, dateAdded: DAY,
            checkStatus: 'OK', checkInfo: 'https://money.test/: dofollow, anchor "Bravo anchor"', checkedAt: DAY,
          },
          { url: 'https://alpha.test/page', anchor: '=HYPERLINK("x")', dateAdded: DAY },
        ],
      });
      route = `/url_list/${seeded.linkSetId}`;
      campaignName = seeded.campaignName;
    },
  });

  test('title, breadcrumb, tabs; add and edit a link with the spec messages; sort, filter; live in a second window', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const other = await suite.signedInPage(ctx, route);
    await page.getByRole('heading', { name: 'Link set: Money links' }).waitFor();
    const breadcrumbs = page.getByTestId('breadcrumbs');
    expect((await breadcrumbs.textContent())?.replace(/\s+/g, '')).toBe(`Home/Campaigns/Campaign:${campaignName.replace(/\s+/g, '')}/Links`);
    expect(await breadcrumbs.getByRole('link', { name: `Campaign: ${campaignName}` }).getAttribute('href')).toMatch(/^#\/campaign\/\d+$/);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Links', 'Keywords']);
    await expect.poll(() => shownUrls(page)).toEqual(['https://bravo.test/page', 'https://alpha.test/page']);
    expect(await shownColumn(page, 7)).toEqual(['05/03/24', '05/03/24']);
    // The Verified column: the backlink check's state, what it found in the tooltip.
    expect(await shownColumn(page, 8)).toEqual(['Dofollow ✓', '–']);
    const bravoId = await linkRow(page, 'https://bravo.test/page').getAttribute('data-row-key');
    await page.getByTestId(`link-check-info-${bravoId}`).hover();
    await page.locator('.ant-tooltip').getByText('https://money.test/: dofollow, anchor "Bravo anchor" Checked 05/03/24 12:00').waitFor();

    await page.getByTestId('add-link').click();
    await clickSettled(page.getByTestId('link-dialog-ok'));
    await page.getByText(LINK_MESSAGES.urlRequired, { exact: true }).waitFor();
    await page.getByText(LINK_MESSAGES.anchorRequired, { exact: true }).waitFor();
    await page.getByTestId('link-url').fill('charlie.test');
    await page.getByText(LINK_MESSAGES.urlInvalid, { exact: true }).waitFor();
    await page.getByTestId('link-url').fill('https://charlie.test/new');
    await page.getByTestId('link-anchor').fill('Charlie anchor');
    await clickSettled(page.getByTestId('link-dialog-ok'));
    await toast(page, LINK_ITEM_MESSAGES.added);
    await expect.poll(() => shownUrls(page)).toEqual(['https://bravo.test/page', 'https://alpha.test/page', 'https://charlie.test/new']);
    // The second window hears linksAdded on url_list/{id} and refreshes without a reload.
    await expect.poll(() => shownUrls(other.page)).toEqual(['https://bravo.test/page', 'https://alpha.test/page', 'https://charlie.test/new']);

    const id = await linkRow(page, 'https://charlie.test/new').getAttribute('data-row-key');
    await page.getByTestId(`edit-link-${id}`).click();
    expect(await page.getByTestId('link-anchor').inputValue()).toBe('Charlie anchor');
    await page.getByTestId('link-anchor').fill('Charlie edited');
    await clickSettled(page.getByTestId('link-dialog-ok'));
    await toast(page, LINK_ITEM_MESSAGES.saved);
    await expect.poll(() => linkRow(other.page, 'https://charlie.test/new').locator('td:nth-child(4)').textContent()).toBe('Charlie edited');

    await page.getByTestId('links-table').locator('th', { hasText: 'URL' }).first().click();
    await expect.poll(() => shownUrls(page)).toEqual(['https://alpha.test/page', 'https://bravo.test/page', 'https://charlie.test/new']);
    await filterLinks(page, 'Anchor', 'ANCHOR');
    await expect.poll(() => shownUrls(page)).toEqual(['https://bravo.test/page']);
    await filterLinks(page, 'Anchor', '');
    await expect.poll(() => shownUrls(page)).toHaveLength(3);
    await saveScreenshot(page, 'link-set-links-tab');
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('batch add and upload with numbered bad lines, delete selected, the three downloads read back', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const other = await suite.signedInPage(ctx, route);
    await expect.poll(() => shownUrls(page)).toHaveLength(3);

    await page.getByTestId('batch-add-links').click();
    await clickSettled(page.getByTestId('batch-links-dialog-ok'));
    await page.getByText(LINK_MESSAGES.linksRequired, { exact: true }).waitFor();
    await page.getByTestId('batch-links-dialog-text').fill('https://delta.test|x|Delta|x|3\nnot a url|x|Bad\nwww.echo.test');
    await clickSettled(page.getByTestId('batch-links-dialog-ok'));
    await toast(page, 'added links: 2 links, 1 line refused');
    // The accepted lines are saved and leave the box: only the refused one stays, renumbered.
    await page.getByTestId('batch-links-dialog-problems').getByText(`Line 1: ${LINK_MESSAGES.urlInvalid}`).waitFor();
    expect(await page.getByTestId('batch-links-dialog-text').inputValue()).toBe('not a url|x|Bad');
    // A link already in the set is a duplicate, said per line, and not added twice.
    await page.getByTestId('batch-links-dialog-text').fill('https://delta.test|x|Delta|x|3');
    await clickSettled(page.getByTestId('batch-links-dialog-ok'));
    await toast(page, 'No links added, 1 duplicate skipped');
    await page.getByTestId('batch-links-dialog-problems').getByText(`https://delta.test|x|Delta|x|3: ${LINK_MESSAGES.duplicate}`).waitFor();
    expect(await page.getByTestId('batch-links-dialog-text').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => shownUrls(page)).toHaveLength(5);
    await expect.poll(() => shownUrls(other.page)).toHaveLength(5);

    const file = 'https://foxtrot.test/1|x|Foxtrot\r\n|x|no url\r\nhttps://golf.test|x|Golf|x|2\r\n';
    await page.locator('input[type=file][data-testid="upload-links-input"], [data-testid="upload-links-input"] input[type=file]')
      .setInputFiles({ name: 'more.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await page.getByTestId('error-list').getByText(`Line 2: ${LINK_MESSAGES.urlRequired}`).waitFor();
    await closeErrorList(page);
    await expect.poll(() => shownUrls(page)).toHaveLength(7);
    await expect.poll(() => shownUrls(other.page)).toContain('https://golf.test');

    await linkRow(page, 'https://charlie.test/new').locator('input[type=checkbox]').check();
    await linkRow(page, 'www.echo.test').locator('input[type=checkbox]').check();
    await page.getByTestId('delete-links').click();
    await confirmDelete(page);
    await toast(page, `${LINK_ITEM_MESSAGES.deleted} (2)`);
    await expect.poll(() => shownUrls(page)).toHaveLength(5);
    await expect.poll(() => shownUrls(other.page)).not.toContain('www.echo.test');

    const urls = ['https://bravo.test/page', 'https://alpha.test/page', 'https://delta.test', 'https://foxtrot.test/1', 'https://golf.test'];
    const download = async (key: string) => downloadedText(page, async () => {
      await page.getByTestId('download-links').click();
      await page.getByTestId(`download-links-${key}`).click();
    });
    const onlyUrls = await download('urls');
    expect(onlyUrls.name).toBe('Money links.txt');
    expect(onlyUrls.text).toBe(`${urls.join('\r\n')}\r\n`);
    const full = await download('full');
    expect(full.name).toBe('Money links.csv');
    const lines = full.text.split('\r\n');
    expect(lines[0]).toBe('URL,Anchor,Links on page,Site,Username,Password,DA,Date added');
    expect(lines[1]).toBe('https://bravo.test/page,Bravo anchor,12,,,,40,05/03/24');
    expect(lines[2]).toBe('https://alpha.test/page,"\'=HYPERLINK(""x"")",,,,,,05/03/24');
    expect(lines).toHaveLength(7);
    const da = await download('da');
    expect(da.name).toBe('Money links_da.csv');
    expect(da.text.split('\r\n').slice(0, 3)).toEqual(['URL,DA', 'https://bravo.test/page,40', 'https://alpha.test/page,']);
    expect(await linkRows(page).count()).toBe(5);
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('Keywords tab: live redistribution with primary read-only, the spec messages, saved and kept', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await page.getByRole('tab', { name: 'Keywords' }).click();
    await page.getByTestId('keywords-form').waitFor();
    expect(await shownPercentages(page)).toEqual([100, 0, 0, 0, 0]);
    expect(await page.getByTestId('keywords-primary-percentage').getAttribute('readonly')).not.toBeNull();

    await typePercentage(page, 'secondary', 30);
    await expect.poll(() => shownPercentages(page)).toEqual([70, 30, 0, 0, 0]);
    await typePercentage(page, 'nakedUrl', 20);
    await expect.poll(() => shownPercentages(page)).toEqual([50, 30, 0, 0, 20]);
    // Generic wants 60: primary pays 50 and reaches 0, naked URL pays the other 10.
    await typePercentage(page, 'generic', 60);
    await expect.poll(() => shownPercentages(page)).toEqual([0, 30, 0, 60, 10]);
    await page.getByTestId('keywords-total').getByText('Total: 100%').waitFor();

    await page.getByTestId('keywords-use').click();
    await page.getByTestId('keywords-save').click();
    for (const text of [KEYWORD_MESSAGES.primaryRequired, KEYWORD_MESSAGES.primaryPercentage, 'Secondary keyword is required', 'Generic keyword is required']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await typePercentage(page, 'generic', 20);
    await expect.poll(() => shownPercentages(page)).toEqual([40, 30, 0, 20, 10]);
    await page.getByTestId('keywords-primary').fill('running shoes');
    await page.getByTestId('keywords-secondary').fill('trail shoes');
    await page.getByTestId('keywords-generic').fill('click here');
    await page.getByTestId('keywords-save').click();
    await toast(page, LINK_ITEM_MESSAGES.keywordsSaved);
    await saveScreenshot(page, 'link-set-keywords-tab');

    await page.reload();
    await page.getByRole('tab', { name: 'Keywords' }).click();
    await expect.poll(() => shownPercentages(page)).toEqual([40, 30, 0, 20, 10]);
    expect(await page.getByTestId('keywords-primary').inputValue()).toBe('running shoes');
    expect(await page.getByTestId('keywords-use').getAttribute('aria-checked')).toBe('true');
    expect(pageErrors).toEqual([]);
  });
});
