import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useSignedInSuite } from './support/suite';

/**
 * Spec 3 section 6: the RemoteOCR provider is hidden when the page flag is set. The server here runs
 * with HIDE_REMOTE_OCR=true: neither selector offers RemoteOCR, every other provider is there.
 */
const USER = { username: 'page-flag@example.com', password: 'page flag e2e walk' };

/** The providers a tab's primary selector offers, as the user sees them. */
async function offered(page: Page, testId: string): Promise<string[]> {
  await page.getByTestId(`${testId}-enable`).check();
  await page.getByTestId(`${testId}-primary-service`).click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await list.first().waitFor();
  const names = await list.allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

describe('RemoteOCR page flag', () => {
  const suite = useSignedInSuite(USER, { env: { HIDE_REMOTE_OCR: 'true' } });

  test('with the flag set, the Captcha and Google Captcha selectors leave RemoteOCR out', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/options?tab=captcha');
    await page.getByTestId('captcha-tab').waitFor();
    expect(await page.locator('meta[name="linkloom-hide-remote-ocr"]').getAttribute('content')).toBe('true');
    expect(await offered(page, 'captcha')).toEqual(['ZeroCaptcha (recommended)', 'TwoCaptcha', 'DeathByCaptcha', 'ImageTypers', 'AntiCaptcha']);
    await page.getByTestId('tab-google-captcha').click();
    await page.getByTestId('google-captcha-tab').waitFor();
    expect(await offered(page, 'google-captcha')).toEqual(['ZeroCaptcha (recommended)', 'TwoCaptcha', 'DeathByCaptcha', 'ImageTypers', 'AntiCaptcha']);
    expect(pageErrors).toEqual([]);
  });
});
