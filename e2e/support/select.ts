import type { Page } from 'playwright-core';

/** How many times chooseOption opens the list before it gives up. */
const OPEN_ATTEMPTS = 3;

/**
 * Picks the option `label` of the antd Select with this test id, in its open, visible dropdown.
 * Lists whose options (or counts) follow the live channel can close again when a refresh lands
 * while they open (CI once: "element is not visible" for 30 s): the list is then opened again,
 * up to three times in all.
 */
export async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  for (let attempt = 1; ; attempt++) {
    // Opened only when no list is open: a click on an open select would close it, and Escape
    // would close the dialog the select sits in once its list has closed by itself.
    if ((await dropdown.count()) === 0) await page.getByTestId(selectTestId).click();
    try {
      await dropdown.locator('.ant-select-item-option:visible').filter({ hasText: label }).first().click({ timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt === OPEN_ATTEMPTS) throw error;
    }
  }
}
