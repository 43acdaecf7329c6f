import { describe, expect, test } from 'vitest';
import { ACCOUNT_MESSAGES, UPLOAD_MESSAGES } from '@linkloom/shared';
import { clickSettled, closeErrorList, confirmDelete } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { accountRow, accountRows, filterColumn, seedProfile, shownSites } from './support/accounts';
import { downloadedText } from './support/downloads';

/** The account profile screen (/accounts/:id), walked as a user on one real server (SQLite). */
const USER = { username: 'accounts@example.com', password: 'accounts e2e password' };

let route: string;

describe('account profile screen', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      const { profileId } = await seedProfile(server, USER.username, {
        campaignName: 'Spring launch',
        profileName: 'Forum accounts',
        accounts: [
          { siteName: 'alpha.test', email: 'zoe@mail.test', username: '=HYPERLINK("x")', password: 'pw-a' },
          { siteName: 'bravo.test', email: 'yan@mail.test', username: 'yan', password: 'pw-b' },
        ],
      });
      route = `/accounts/${profileId}`;
    },
  });

  test('title, breadcrumb, grid of three quarters, add with the spec messages, live in a second window', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const other = await suite.signedInPage(ctx, route);
    await page.getByRole('heading', { name: 'Account Profile: Forum accounts' }).waitFor();
    const breadcrumbs = page.getByTestId('breadcrumbs');
    expect((await breadcrumbs.textContent())?.replace(/\s+/g, '')).toBe('Home/Campaigns/Campaign:Springlaunch/Accounts');
    expect(await breadcrumbs.getByRole('link', { name: 'Campaign: Spring launch' }).getAttribute('href')).toMatch(/^#\/campaign\/\d+$/);
    expect(await breadcrumbs.getByRole('link', { name: 'Campaigns' }).getAttribute('href')).toBe('#/campaigns');
    expect(await page.getByTestId('accounts-table').locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['Site', 'Email', 'Username', 'Password']));
    await expect.poll(() => shownSites(page)).toEqual(['alpha.test', 'bravo.test']);
    // Passwords are masked in the grid and shown on demand, by keyboard too (issue 39 item 5).
    const table = page.getByTestId('accounts-table');
    expect(await table.getByText('pw-b', { exact: true }).count()).toBe(0);
    expect(await table.getByTestId('secret-masked').count()).toBe(2);
    const show = table.getByRole('button', { name: 'Show the password of yan on bravo.test' });
    await show.focus();
    await page.keyboard.press('Enter');
    await table.getByText('pw-b', { exact: true }).waitFor();
    await table.getByRole('button', { name: 'Hide the password of yan on bravo.test' }).click();
    await table.getByText('pw-b', { exact: true }).waitFor({ state: 'detached' });
    const bodyHeight = await page.locator('.ant-table-body').evaluate((el) => parseFloat(getComputedStyle(el).maxHeight));
    expect(bodyHeight).toBe(600); // 3/4 of the 800 px window

    await page.getByTestId('add-account').click();
    await clickSettled(page.getByTestId('account-dialog-ok'));
    for (const text of [ACCOUNT_MESSAGES.siteRequired, ACCOUNT_MESSAGES.emailRequired, ACCOUNT_MESSAGES.usernameRequired, ACCOUNT_MESSAGES.passwordRequired]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.getByTestId('account-siteName').fill('charlie.test');
    await page.getByTestId('account-email').fill('xav@mail.test');
    await page.getByTestId('account-username').fill('xav');
    await page.getByTestId('account-password').fill('secret');
    await clickSettled(page.getByTestId('account-dialog-ok'));
    await expect.poll(() => shownSites(page)).toEqual(['alpha.test', 'bravo.test', 'charlie.test']);
    // The second window hears newAccount on profile/{id} and refreshes without a reload.
    await expect.poll(() => shownSites(other.page)).toEqual(['alpha.test', 'bravo.test', 'charlie.test']);

    await page.getByTestId('accounts-table').locator('th', { hasText: 'Email' }).first().click();
    await expect.poll(() => shownSites(page)).toEqual(['charlie.test', 'bravo.test', 'alpha.test']);
    await filterColumn(page, 'Site', 'RAV');
    await expect.poll(() => shownSites(page)).toEqual(['bravo.test']);
    await filterColumn(page, 'Site', '');
    await expect.poll(() => shownSites(page)).toHaveLength(3);
    await saveScreenshot(page, 'accounts-screen');
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });

  test('upload with a bad line, delete selected, download read back', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const other = await suite.signedInPage(ctx, route);
    await expect.poll(() => shownSites(page)).toHaveLength(3);

    const csv = 'site,email,username,password\ndelta.test,dan@mail.test,dan,pw-d\necho.test,,eve,pw-e\nbravo.test,yan@mail.test,yan2,pw-b2\n';
    // antd puts the test id on the file input itself or on its wrapper, depending on the version.
    await page.locator('input[type=file][data-testid="upload-accounts-input"], [data-testid="upload-accounts-input"] input[type=file]')
      .setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // Issue 39 item 4: the toast says what was added and refused; the refused line is listed by its number in the file.
    await page.getByText(UPLOAD_MESSAGES.uploaded('more.csv'), { exact: true }).waitFor();
    await page.getByText('1 account added, 1 account updated, 1 line refused', { exact: true }).waitFor();
    await page.getByTestId('error-list').getByText(`Line 3: ${ACCOUNT_MESSAGES.emailRequired}`).waitFor();
    await closeErrorList(page);
    await expect.poll(() => shownSites(page)).toEqual(['alpha.test', 'bravo.test', 'charlie.test', 'delta.test']);

    // A file whose every line is refused adds nothing: the upload failed, never 'uploaded successfully' beside 'No accounts added'.
    await page.locator('input[type=file][data-testid="upload-accounts-input"], [data-testid="upload-accounts-input"] input[type=file]')
      .setInputFiles({ name: 'refused.csv', mimeType: 'text/csv', buffer: Buffer.from('site,email,username,password\nfoxtrot.test,,fay,pw-f\ngolf.test,,gus,pw-g\n') });
    await page.getByText(UPLOAD_MESSAGES.failed('refused.csv'), { exact: true }).waitFor();
    await page.getByText('No accounts added, 2 lines refused', { exact: true }).waitFor();
    expect(await page.getByText(UPLOAD_MESSAGES.uploaded('refused.csv')).count()).toBe(0);
    const refusedList = page.getByTestId('error-list');
    await refusedList.getByText(`Line 2: ${ACCOUNT_MESSAGES.emailRequired}`).waitFor();
    await refusedList.getByText(`Line 3: ${ACCOUNT_MESSAGES.emailRequired}`).waitFor();
    await closeErrorList(page);
    expect(await shownSites(page)).toEqual(['alpha.test', 'bravo.test', 'charlie.test', 'delta.test']);
    await expect.poll(() => shownSites(other.page)).toEqual(['alpha.test', 'bravo.test', 'charlie.test', 'delta.test']);
    expect(await accountRow(page, 'bravo.test').locator('td:nth-child(4)').textContent()).toBe('yan2');

    await accountRow(page, 'charlie.test').locator('input[type=checkbox]').check();
    await page.getByTestId('delete-accounts').click();
    await confirmDelete(page);
    await expect.poll(() => shownSites(page)).toEqual(['alpha.test', 'bravo.test', 'delta.test']);
    await expect.poll(() => shownSites(other.page)).toEqual(['alpha.test', 'bravo.test', 'delta.test']);

    const file = await downloadedText(page, () => page.getByTestId('download-accounts').click());
    expect(file.name).toBe('Forum accounts_accounts.csv');
    expect(file.text.split('\r\n')).toEqual([
      'site,email,username,password',
      'alpha.test,zoe@mail.test,"\'=HYPERLINK(""x"")",pw-a',
      'bravo.test,yan@mail.test,yan2,pw-b2',
      'delta.test,dan@mail.test,dan,pw-d',
      '',
    ]);
    expect(await accountRows(page).count()).toBe(3);
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
