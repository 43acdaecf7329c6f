import type { Page } from 'playwright-core';

/** How many times chooseOption opens the list before it gives up. */
const OPEN_ATTEMPTS = 3;

/**
 * Picks the option `label` of the antd Select with this test id, in its open, visible dropdown.
 * A list that closed before the option was clicked is opened again, up to three times in all
 * (CI once: "element is not visible" for 30 s; that closing was a dialog taking the focus when its
 * opening motion ended, now fixed and guarded by select-stays-open.e2e.ts without this helper).
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
