import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../packages/server/src/platform/db/dialect';
import type { RunningServer } from '../../packages/server/test/support/server-process';

/** The row of a table (by its data-testid) whose text holds `text`. */
export function tableRow(page: Page, table: string, text: string) {
  return page.getByTestId(table).locator('tr[data-row-key]').filter({ hasText: text });
}

/** The texts of the links in the Name column of a table. */
export async function rowNames(page: Page, table: string, linkPrefix: string): Promise<string[]> {
  return page.getByTestId(table).locator(`[data-testid^="${linkPrefix}"]`).allTextContents();
}

/** Picks an option of an antd Select. */
export async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  await page.getByTestId(selectTestId).click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).first().click();
}

/** Clicks a control that triggers a download; the saved file's name and bytes. */
export async function downloadBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await fs.readFile(await download.path()) };
}

/**
 * Seeds links into a link set by writing url_items rows straight into the test server's SQLite
 * file (WAL mode lets the running server read them at once). The links screen and its import
 * belong to the link-items area; this only prepares data for the campaign list's Backlinks export.
 */
export async function seedLinks(server: RunningServer, linkSetId: number, links: { url: string; anchor: string; dateAdded: number }[]): Promise<void> {
  const dataDir = server.env.DATA_DIR;
  if (!dataDir) throw new Error('The server has no DATA_DIR');
  const database = openDatabase({ databaseUrl: undefined, dataDir: path.resolve(dataDir) });
  try {
    const owner = await database.db.selectFrom('url_lists').select('owner_id').where('id', '=', linkSetId).executeTakeFirstOrThrow();
    await database.db.insertInto('url_items').values(links.map((link) => ({
      owner_id: owner.owner_id, url_list_id: linkSetId, url: link.url, anchor: link.anchor, links_on_page: null, site: null,
      username: null, password: null, pr: null, date_added: link.dateAdded, created_at: Date.now(),
    }))).execute();
  } finally {
    await database.close();
  }
}
