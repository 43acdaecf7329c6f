import { describe, expect, test } from 'vitest';
import { WIZARD_MESSAGES } from '@linkloom/shared';
import { clickSettled, confirmDelete, expectStrategyPreview, routeOf } from './support/app';
import { tableRow } from './support/campaigns';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';

/** The wizard list (/xwizards), walked as a new user on one real server (SQLite). */
const USER = { username: 'wizards@example.com', password: 'wizards e2e walk' };

describe('wizards', () => {
  const suite = useSignedInSuite(USER);

  test('list: New XWizard (required name and strategy, searchable select with preview) opens the editor, rename, duplicate, live, delete', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/xwizards');
    const other = await suite.signedInPage(ctx, '/xwizards');
    await page.getByRole('heading', { name: 'Wizards' }).waitFor();

    await page.getByTestId('add-wizard').click();
    await page.getByRole('dialog').getByText('New XWizard').waitFor();
    await clickSettled(page.getByTestId('new-wizard-dialog-ok'));
    await page.getByText(WIZARD_MESSAGES.newWizardNameRequired).waitFor();
    await page.getByText(WIZARD_MESSAGES.strategyRequired).waitFor();
    await page.getByTestId('new-wizard-dialog-name').fill('Pyramid wizard');
    await page.getByTestId('strategy-select').click();
    await page.keyboard.type('Wheel');
    const wheel = page.getByTestId('strategy-option-4');
    await wheel.waitFor();
    expect(await page.getByTestId('strategy-option-1').count()).toBe(0);
    await wheel.click();
    await expectStrategyPreview(page.getByTestId('strategy-preview'));
    await saveScreenshot(page, 'new-wizard-dialog');
    await clickSettled(page.getByTestId('new-wizard-dialog-ok'));
    // Save opens the new wizard route (spec 2 §2), the editor started from the strategy; nothing is stored yet.
    await page.waitForURL((url) => routeOf(url.toString()) === '/newwizard/4?wizardName=Pyramid+wizard');
    await page.getByTestId('wizard-editor').waitFor();
    await page.getByTestId('page-title').filter({ hasText: 'Pyramid wizard' }).waitFor();
    expect(await tableRow(other.page, 'wizards-table', 'Pyramid wizard').count()).toBe(0);
    // Save Wizard stores it: the address becomes the saved wizard's; the other window sees it arrive.
    await page.getByTestId('save-wizard').click();
    await page.waitForURL((url) => /^\/xwizard\/\d+$/.test(routeOf(url.toString())));
    await tableRow(other.page, 'wizards-table', 'Pyramid wizard').waitFor();
    await page.goBack();
    await tableRow(page, 'wizards-table', 'Pyramid wizard').waitFor();
    const id = await tableRow(page, 'wizards-table', 'Pyramid wizard').getAttribute('data-row-key');
    expect(routeOf(other.page.url())).toBe('/xwizards');
    expect(await page.getByTestId(`wizard-link-${id}`).getAttribute('href')).toBe(`#/xwizard/${id}`);

    await page.getByTestId(`rename-${id}`).click();
    await page.getByRole('dialog').getByText('Rename Wizard').waitFor();
    await page.getByTestId('rename-wizard-dialog-name').fill(' ');
    await clickSettled(page.getByTestId('rename-wizard-dialog-ok'));
    await page.getByText(WIZARD_MESSAGES.wizardNameRequired).waitFor();
    await page.getByTestId('rename-wizard-dialog-name').fill('Wheel wizard');
    await clickSettled(page.getByTestId('rename-wizard-dialog-ok'));
    await tableRow(page, 'wizards-table', 'Wheel wizard').waitFor();
    await tableRow(other.page, 'wizards-table', 'Wheel wizard').waitFor();

    await page.getByTestId(`duplicate-${id}`).click();
    await page.getByRole('dialog').getByText('Duplicate Wizard').waitFor();
    expect(await page.getByTestId('duplicate-wizard-dialog-name').inputValue()).toBe('Wheel wizard Copy');
    await clickSettled(page.getByTestId('duplicate-wizard-dialog-ok'));
    const copy = tableRow(page, 'wizards-table', 'Wheel wizard Copy');
    await copy.waitFor();
    await copy.locator('input[type=checkbox]').check();
    await page.getByTestId('delete-wizards').click();
    await page.getByText(WIZARD_MESSAGES.confirmDelete).waitFor();
    await confirmDelete(page);
    await other.page.getByText('Wheel wizard Copy', { exact: true }).waitFor({ state: 'hidden' });
    await tableRow(page, 'wizards-table', 'Wheel wizard').waitFor();
    expect(pageErrors).toEqual([]);
    expect(other.pageErrors).toEqual([]);
  });
});
