import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** Clicks a control that starts a download; the saved file's name and bytes. */
export async function downloadedBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
}

/** Clicks a control that starts a download; the saved file's name and text (UTF-8). */
export async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const { name, bytes } = await downloadedBytes(page, click);
  return { name, text: bytes.toString('utf8') };
}
