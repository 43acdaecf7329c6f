import type { Page } from 'playwright-core';
import type { AccountFields } from '@linkloom/shared';
import type { RunningServer } from '../../packages/server/test/support/server-process';
import { buildCampaign } from '../../packages/server/test/support/factories';
import { buildProfile } from '../../packages/server/test/support/accounts-factories';
import { seedAsUser } from './server-database';

/**
 * Seeds a campaign with one account profile straight into the server's SQLite file (the profile
 * rows are another area's screens) and answers the profile's id.
 */
export async function seedProfile(
  server: RunningServer, username: string, seed: { campaignName: string; profileName: string; accounts: AccountFields[] },
): Promise<{ profileId: number; campaignId: number }> {
  return seedAsUser(server, username, async (db, ownerId) => {
    const campaign = await buildCampaign(db, { ownerId, name: seed.campaignName });
    const profile = await buildProfile(db, { ownerId, campaignId: campaign.id, name: seed.profileName, accounts: seed.accounts });
    return { profileId: profile.id, campaignId: campaign.id };
  });
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

/** Opens a column's text filter, types, and applies it (empty text resets it). */
export async function filterColumn(page: Page, column: 'Site' | 'Email' | 'Username', text: string): Promise<void> {
  const header = page.getByTestId('accounts-table').locator('th', { hasText: column }).first();
  await header.locator('.ant-table-filter-trigger').click();
  const input = page.getByTestId(`filter-${column.toLowerCase()}`);
  await input.fill(text);
  await page.getByTestId(`filter-${column.toLowerCase()}-search`).click();
}
