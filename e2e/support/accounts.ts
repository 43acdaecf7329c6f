import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { AccountFields } from '@linkloom/shared';
import { openDatabase } from '../../packages/server/src/platform/db/dialect';
import type { RunningServer } from '../../packages/server/test/support/server-process';
import { buildCampaign } from '../../packages/server/test/support/factories';
import { buildAccounts, buildProfile } from '../../packages/server/test/support/accounts-factories';

/**
 * Seeds a campaign with one account profile straight into the server's SQLite file (the profile
 * rows are another area's screens) and answers the profile's id.
 */
export async function seedProfile(
  server: RunningServer, username: string, seed: { campaignName: string; profileName: string; accounts: AccountFields[] },
): Promise<{ profileId: number; campaignId: number }> {
  const dataDir = server.env.DATA_DIR;
  if (!dataDir) throw new Error('The server has no DATA_DIR');
  const database = openDatabase({ databaseUrl: undefined, dataDir: path.resolve(dataDir) });
  try {
    const user = await database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const campaign = await buildCampaign(database.db, { ownerId: user.id, name: seed.campaignName });
    const profile = await buildProfile(database.db, { ownerId: user.id, campaignId: campaign.id, name: seed.profileName });
    await buildAccounts(database.db, profile, user.id, seed.accounts);
    return { profileId: profile.id, campaignId: campaign.id };
  } finally {
    await database.close();
  }
}

/** The accounts grid's rows. */
export function accountRows(page: Page) {
  return page.getByTestId('accounts-table').locator('tbody tr[data-row-key]');
}

/** The Site column of the rows shown, top to bottom. */
export async function shownSites(page: Page): Promise<string[]> {
  return accountRows(page).locator('td:nth-child(2)').allTextContents();
}

/** The row of one account, by its site. */
export function accountRow(page: Page, site: string) {
  return accountRows(page).filter({ has: page.locator('td:nth-child(2)', { hasText: site }) });
}

/** Clicks a control that starts a download; the saved file's name and text. */
export async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: await fs.readFile(await download.path(), 'utf8') };
}

/** Opens a column's text filter, types, and applies it (empty text resets it). */
export async function filterColumn(page: Page, column: 'Site' | 'Email' | 'Username', text: string): Promise<void> {
  const header = page.getByTestId('accounts-table').locator('th', { hasText: column }).first();
  await header.locator('.ant-table-filter-trigger').click();
  const input = page.getByTestId(`filter-${column.toLowerCase()}`);
  await input.fill(text);
  await page.getByTestId(`filter-${column.toLowerCase()}-search`).click();
}
