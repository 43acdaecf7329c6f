import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase, type Database } from '../../packages/server/src/platform/db/dialect';
import type { RunningServer } from '../../packages/server/test/support/server-process';

/** The rows of the private network list, by the text of their name links. */
export async function networkNames(page: Page): Promise<string[]> {
  return page.getByTestId('private-networks-table').getByTestId('name-link').allTextContents();
}

/** The row of the list whose name link reads `name` (antd rows carry data-row-key). */
export function networkRow(page: Page, name: string) {
  return page.getByTestId('private-networks-table').locator('tr[data-row-key]').filter({ has: page.getByTestId('name-link').getByText(name, { exact: true }) });
}

/** Clicks a control that triggers a download and returns the saved file's name and text. */
export async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: await fs.readFile(file, 'utf8') };
}

/** The SQLite database of a server started with its own data dir (to seed rows of other areas). */
export function openServerDatabase(server: RunningServer): Database {
  const dataDir = server.env.DATA_DIR;
  if (!dataDir) throw new Error('The server has no DATA_DIR');
  return openDatabase({ databaseUrl: undefined, dataDir: path.resolve(dataDir) });
}
