import type { Page } from 'playwright-core';
import { withServerDatabase } from './server-database';
import type { RunningServer } from '../../packages/server/test/support/server-process';
import { buildLinks } from '../../packages/server/test/support/link-factories';

/** The row of a table (by its data-testid) whose text holds `text`. */
export function tableRow(page: Page, table: string, text: string) {
  return page.getByTestId(table).locator('tr[data-row-key]').filter({ hasText: text });
}

/** The texts of the links in the Name column of a table. */
export async function rowNames(page: Page, table: string, linkPrefix: string): Promise<string[]> {
  return page.getByTestId(table).locator(`[data-testid^="${linkPrefix}"]`).allTextContents();
}

/**
 * Seeds links into a link set by writing url_items rows straight into the test server's SQLite
 * file (WAL mode lets the running server read them at once). The links screen and its import
 * belong to the link-items area; this only prepares data for the campaign list's Backlinks export.
 */
export async function seedLinks(server: RunningServer, linkSetId: number, links: { url: string; anchor: string; dateAdded: number }[]): Promise<void> {
  await withServerDatabase(server, async (db) => {
    const owner = await db.selectFrom('url_lists').select('owner_id').where('id', '=', linkSetId).executeTakeFirstOrThrow();
    await buildLinks(db, { ownerId: owner.owner_id, urlListId: linkSetId }, links);
  });
}
