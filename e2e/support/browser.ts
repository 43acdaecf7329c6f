import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TestContext } from 'vitest';
import { TEST_RESULTS_DIR } from './paths';

/** Debian's Chromium (never a downloaded browser build). */
const CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium 156's headless mode is the whole browser: every new window (each browser context) preloads
 * its own browser-UI pages, the omnibox popup and its "AI mode" twin
 * (chrome://omnibox-popup.top-chrome/ and …/omnibox_popup_aim.html), in renderers of their own. A
 * trace of one page load showed them busy for about 1.1 s of CPU while the page under test loaded
 * beside them, on a 2-core machine; the first-screen benchmark read ~0.3–0.6 s more than the page
 * itself took. These features keep the browser's own UI out of the measurements and the tests (the
 * pages under test are unchanged); e2e/browser-launch.e2e.ts checks that none of those pages is left.
 */
const OWN_DISABLED_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE_FEATURES = '--disable-features=';

let playwrightDefaults: Promise<string[]> | undefined;

/**
 * The switches Playwright itself passes to Chromium, read by letting it start a stand-in that writes
 * its arguments down and exits (no browser starts). Chromium keeps only the last of two
 * `--disable-features` switches, so ours must carry Playwright's list too (it turns off paint
 * holding, HTTPS upgrades and more for automation).
 */
function playwrightDefaultArgs(): Promise<string[]> {
  playwrightDefaults ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkloom-chromium-args-'));
    try {
      const stub = path.join(dir, 'record-args.sh');
      const written = path.join(dir, 'args');
      await fs.writeFile(stub, `#!/bin/sh\nprintf '%s\\n' "$@" > '${written}'\nexit 1\n`, { mode: 0o755 });
      await chromium.launch({ executablePath: stub, timeout: 10_000 }).then((browser) => browser.close(), () => undefined);
      return (await fs.readFile(written, 'utf8')).split('\n').filter(Boolean);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  })();
  return playwrightDefaults;
}

/** Chromium for the tests and the benchmarks: headless, and without the browser's own UI pages (above). */
export async function launchBrowser(): Promise<Browser> {
  const theirs = (await playwrightDefaultArgs()).find((arg) => arg.startsWith(DISABLE_FEATURES));
  const disabled = [...new Set([...(theirs?.slice(DISABLE_FEATURES.length).split(',').filter(Boolean) ?? []), ...OWN_DISABLED_FEATURES])];
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(theirs ? { ignoreDefaultArgs: [theirs] } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `${DISABLE_FEATURES}${disabled.join(',')}`,
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
      // A CI log shows no screenshot: what the page said in its toasts often explains the failure.
      const toasts = await page.locator('.ant-notification-notice, .ant-message-notice').allInnerTexts().catch(() => []);
      const said = toasts.map((text) => `  ${text.replace(/\s+/g, ' ').trim()}`).join('\n');
      console.error(`Screenshot of the failed test "${task.name}": ${file}\nBrowser errors:\n${log || '  (none)'}\nToasts on the page:\n${said || '  (none)'}\nPage: ${page.url()}`);
    }
    await context.close();
  });
  return { context, page, pageErrors };
}
