import type { Page } from 'playwright-core';

/** How many times chooseOption opens the list before it gives up. */
const OPEN_ATTEMPTS = 3;

/**
 * Picks the option `label` of the antd Select with this test id, in its open, visible dropdown.
 * Lists whose options (or counts) follow the live channel can close again when a refresh lands
 * while they open (CI once: "element is not visible" for 30 s): the list is then closed with
 * Escape and opened again, up to three times in all.
 */
export async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId(selectTestId).click();
    try {
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option:visible').filter({ hasText: label }).first().click({ timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt === OPEN_ATTEMPTS) throw error;
      await page.keyboard.press('Escape');
    }
  }
}
