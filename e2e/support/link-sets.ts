import type { Page } from 'playwright-core';
import type { RunningServer } from '../../packages/server/test/support/server-process';
import { buildLinkSet, type TestLink } from '../../packages/server/test/support/link-factories';
import { seedAsUser } from './server-database';

/**
 * Seeds a campaign with one link set and its links straight into the server's SQLite file (link
 * set rows are the campaign screen's) and answers the link set's id.
 */
export async function seedLinkSet(
  server: RunningServer, username: string, seed: { linkSetName: string; links: TestLink[] },
): Promise<{ linkSetId: number; campaignId: number; campaignName: string }> {
  return seedAsUser(server, username, async (db, ownerId) => {
    const linkSet = await buildLinkSet(db, { ownerId, name: seed.linkSetName, links: seed.links });
    return { linkSetId: linkSet.id, campaignId: linkSet.campaignId, campaignName: linkSet.campaignName };
  });
}

/** The links table's rows. */
export function linkRows(page: Page) {
  return page.getByTestId('links-table').locator('tbody tr[data-row-key]');
}

/** Text of one column (1 = checkbox, 2 = ID, 3 = URL, 4 = Anchor, …, 7 = Date added) of the rows shown. */
export function shownColumn(page: Page, column: number): Promise<string[]> {
  return linkRows(page).locator(`td:nth-child(${column})`).allTextContents();
}

/** The URLs shown, top to bottom. */
export const shownUrls = (page: Page) => shownColumn(page, 3);

/** The row of one link, by its URL. */
export function linkRow(page: Page, url: string) {
  return linkRows(page).filter({ has: page.locator('td:nth-child(3)', { hasText: url }) });
}

/** Opens a column's text filter, types, and applies it (empty text resets it). */
export async function filterLinks(page: Page, column: 'URL' | 'Anchor', text: string): Promise<void> {
  const header = page.getByTestId('links-table').locator('th', { hasText: column }).first();
  await header.locator('.ant-table-filter-trigger').click();
  const key = column.toLowerCase();
  await page.getByTestId(`filter-${key}`).fill(text);
  await page.getByTestId(`filter-${key}-search`).click();
}

/** Sets a keyword percentage field the way a user types it. */
export async function typePercentage(page: Page, type: string, value: number): Promise<void> {
  const input = page.getByTestId(`keywords-${type}-percentage`);
  await input.fill(String(value));
}

/** The five percentages shown in the Keywords tab. */
export async function shownPercentages(page: Page): Promise<number[]> {
  const values: number[] = [];
  for (const type of ['primary', 'secondary', 'branded', 'generic', 'nakedUrl']) values.push(Number(await page.getByTestId(`keywords-${type}-percentage`).inputValue()));
  return values;
}
