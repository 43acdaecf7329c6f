import type { Locator, Page } from 'playwright-core';

/** How many times chooseOption opens the list before it gives up. */
const OPEN_ATTEMPTS = 3;

/**
 * Picks the option `label` of the antd Select with this test id, in its open, visible dropdown, and
 * checks the select then shows it. The option is clicked once the list has finished opening: while
 * its slide-in runs the options move under the pointer, and a press that ends on another option
 * than it began picks nothing (CI once: AntiCaptcha pressed at y = 590 of a list settling at 609;
 * the click went to the list and the select kept TwoCaptcha). A list that closed before the option
 * was clicked, or a click that did not take, is tried again, up to three times in all (CI once:
 * "element is not visible" for 30 s; that closing was a dialog taking the focus when its opening
 * motion ended, now fixed and guarded by select-stays-open.e2e.ts without this helper).
 */
export async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  const select = page.getByTestId(selectTestId);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const option = dropdown.locator('.ant-select-item-option:visible').filter({ hasText: label }).first();
  for (let attempt = 1; ; attempt++) {
    // Opened only when no list is open: a click on an open select would close it, and Escape
    // would close the dialog the select sits in once its list has closed by itself.
    if ((await dropdown.count()) === 0) await select.click();
    try {
      await page.locator(SETTLED_DROPDOWN).first().waitFor({ timeout: 8_000 });
      await scrollToOption(page, dropdown, option);
      await option.click({ timeout: 8_000 });
      await select.filter({ hasText: label }).waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === OPEN_ATTEMPTS) throw error;
    }
  }
}

/** An open list whose slide-in has ended: antd's motion classes (`ant-slide-up-appear`, `…-enter`) are gone. */
const SETTLED_DROPDOWN = '.ant-select-dropdown:visible:not([class*="-appear"]):not([class*="-enter"])';

/** Wheel turns over a list before its end must have shown the option (a list of 250 options at 80%). */
const MAX_WHEEL_STEPS = 40;

/**
 * antd draws only the options in view of a long list (a virtual list, scrolled by the wheel, not by
 * its holder's scrollTop): an option out of view is not on the page at all. A list that opened
 * scrolled away from it (CI once: the module list opened further down, its first options undrawn)
 * is wheeled to its top, then down most of a view at a time, until the option shows.
 */
async function scrollToOption(page: Page, dropdown: Locator, option: Locator): Promise<void> {
  if (await shows(option, 1_000)) return;
  const box = await dropdown.locator('[class*="list-holder"]').first().boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -100_000);
  for (let step = 0; step < MAX_WHEEL_STEPS; step++) {
    if (await shows(option, 400)) return;
    await page.mouse.wheel(0, box.height * 0.8);
  }
}

async function shows(locator: Locator, timeout: number): Promise<boolean> {
  try {
    await locator.waitFor({ state: 'visible', timeout });
    return true;
  } catch {
    return false;
  }
}
