import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';

/**
 * The browser the tests and the first-screen benchmark share runs only the pages under test: no
 * browser-UI page (chrome://…top-chrome) renders beside them and takes the machine's two cores
 * (e2e/support/browser.ts). A newer Chromium that preloads another UI page fails here, not as a
 * slower benchmark nobody can explain.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface TargetInfo {
  type: string;
  url: string;
}

test('two browser contexts run their two pages and no page of the browser\'s own UI', async () => {
  for (let i = 0; i < 2; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('about:blank');
  }
  const session = await browser.newBrowserCDPSession();
  try {
    // The UI pages are created with the window; a short wait lets a late one appear before the count.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    expect(targetInfos.filter((target) => target.type !== 'page' || target.url.startsWith('chrome://')).map((target) => target.url)).toEqual([]);
    expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(2);
  } finally {
    await session.detach();
  }
});

/** The command lines of this process's child processes (the browser Playwright started is one). */
function childCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid) lines.push(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return lines;
}

test('the browser gets one --disable-features switch: Playwright\'s own list and the UI pages\' features', () => {
  // Chromium keeps only the last of two such switches: a second one would undo Playwright's list.
  const browserArgs = childCommandLines().find((args) => args.some((arg) => arg.startsWith('--remote-debugging-pipe')));
  expect(browserArgs).toBeDefined();
  const switches = browserArgs!.filter((arg) => arg.startsWith('--disable-features='));
  expect(switches).toHaveLength(1);
  const features = switches[0]!.slice('--disable-features='.length).split(',');
  expect(features).toEqual(expect.arrayContaining(['PaintHolding', 'HttpsUpgrades', 'PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});
