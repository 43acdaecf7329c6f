import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TestContext } from 'vitest';
import { TEST_RESULTS_DIR } from './paths';

/**
 * Debian's Chromium (never a downloaded browser build).
 *
 * Chromium 156's headless mode is the whole browser: every new window (each browser context) preloads
 * its own browser-UI pages, the omnibox popup and its "AI mode" twin
 * (chrome://omnibox-popup.top-chrome/ and …/omnibox_popup_aim.html), in renderers of their own. A
 * trace of one page load showed them busy for about 1.1 s of CPU while the page under test loaded
 * beside them, on a 2-core machine; the first-screen benchmark read ~0.3–0.6 s more than the page
 * itself took. The three features below keep the browser's own UI out of the measurements and the
 * tests (the pages under test are unchanged). The AI-mode popup needs its own feature: without it,
 * two of the four UI pages stayed (e2e/browser-launch.e2e.ts checks that none is left).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
    ],
  });
}

/** Writes a PNG of the page to test-results/ (named after the test) and returns its path. */
export async function saveScreenshot(page: Page, testName: string): Promise<string> {
  await fs.mkdir(TEST_RESULTS_DIR, { recursive: true });
  const file = path.join(TEST_RESULTS_DIR, `${testName.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 120)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** A page in a fresh context, plus the uncaught errors it raised. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page: a passing screen raises none. */
  pageErrors: string[];
}

/**
 * Opens a fresh browser context (no cookies, no storage) for one test. When the test ends, a failed
 * test leaves a screenshot in test-results/, and the context is closed either way.
 */
export async function openPage(browser: Browser, test: Pick<TestContext, 'onTestFinished'>): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Kept for the failure report: a blank page usually explains itself here (asset 401/404, CSP).
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  test.onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const file = await saveScreenshot(page, task.name).catch((error: unknown) => `not saved: ${String(error)}`);
      const log = [...pageErrors, ...consoleErrors].map((line) => `  ${line}`).join('\n');
      console.error(`Screenshot of the failed test "${task.name}": ${file}\nBrowser errors:\n${log || '  (none)'}`);
    }
    await context.close();
  });
  return { context, page, pageErrors };
}
