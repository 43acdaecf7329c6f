import { describe, expect, test } from 'vitest';
import { OPTIONS_MESSAGES, RECHECK_SCHEDULE_MESSAGES } from '@linkloom/shared';
import { buildLinkSet } from '../packages/server/test/support/link-factories';
import { useSignedInSuite } from './support/suite';
import { seedAsUser } from './support/server-database';
import { linkRow, shownColumn } from './support/link-sets';

/** Link health (issue 18): a link's check history opened from the link set grid (SQLite). */
const USER = { username: 'link-health@example.com', password: 'link health e2e password' };
const DAY = new Date(2024, 2, 5, 12).getTime();

let route: string;

describe('link check history in the link set grid', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      route = await seedAsUser(server, USER.username, async (db, ownerId) => {
        const linkSet = await buildLinkSet(db, {
          ownerId, name: 'Checked links',
          links: [
            { url: 'https://post.test/one', anchor: 'Post', dateAdded: DAY, checkStatus: 'MISSING', checkInfo: 'The page answers 404 Not Found', checkedAt: DAY + 7 * 86_400_000 },
            { url: 'https://manual.test/', anchor: 'Manual', dateAdded: DAY },
          ],
        });
        const link = await db.selectFrom('url_items').select('id').where('url', '=', 'https://post.test/one').executeTakeFirstOrThrow();
        await db.updateTable('url_items').set({ next_check_at: DAY + 30 * 86_400_000 }).where('id', '=', link.id).execute();
        await db.insertInto('link_check_history').values([
          { owner_id: ownerId, url_item_id: link.id, created_at: DAY, checked_at: DAY + 60_000, status: 'OK', http_status: 200, anchor_found: 1, reason: 'https://money.test/: dofollow, anchor "Post"' },
          { owner_id: ownerId, url_item_id: link.id, created_at: DAY, checked_at: DAY + 7 * 86_400_000, status: 'GONE', http_status: 404, anchor_found: null, reason: 'The page answers 404 Not Found' },
        ]).execute();
        return `/url_list/${linkSet.id}`;
      });
    },
  });

  test('a checked link opens its history, newest first, with the next check; a never checked link has no History button', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await page.getByRole('heading', { name: 'Link set: Checked links' }).waitFor();
    const row = linkRow(page, 'https://post.test/one');
    const id = await row.getAttribute('data-row-key');
    const manualId = await linkRow(page, 'https://manual.test/').getAttribute('data-row-key');
    expect(await page.getByTestId(`link-history-${manualId}`).count()).toBe(0);
    // The grid's columns are unchanged (no expand column): column 8 is still Verified.
    expect(await shownColumn(page, 8)).toEqual(['Missing', '–']);

    await page.getByTestId(`link-history-${id}`).click();
    const history = page.getByTestId(`link-checks-${id}`);
    await history.waitFor();
    const rows = history.locator('tbody tr[data-row-key]');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).locator('td').allTextContents()).toEqual(['12/03/24 12:00', 'Gone', '404', '–', 'The page answers 404 Not Found']);
    expect(await rows.nth(1).locator('td').allTextContents()).toEqual(['05/03/24 12:01', 'Dofollow ✓', '200', 'Yes', 'https://money.test/: dofollow, anchor "Post"']);
    expect(await page.getByTestId(`link-next-check-${id}`).textContent()).toBe('Next check 04/04/24 12:00');

    await page.getByTestId(`link-history-${id}`).click();
    await history.waitFor({ state: 'hidden' });
    expect(pageErrors).toEqual([]);
  });
});

describe('the re-check schedule on the options screen', () => {
  const suite = useSignedInSuite({ username: 'recheck-options@example.com', password: 'recheck options e2e password' });

  test('shows the default schedule, refuses days that do not go up with the shared message, saves a new schedule', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/options');
    await page.getByTestId('general-tab').waitFor();
    const days = page.getByTestId('option-recheckAfterPublishDays');
    expect(await days.locator('.ant-select-selection-item').allTextContents()).toEqual(['1', '7', '30']);
    expect(await page.getByTestId('option-recheckThenEveryDays').inputValue()).toBe('30');

    // A day lower than the one before: the shared schema's message, and Save saves nothing.
    await days.click();
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await page.getByText(RECHECK_SCHEDULE_MESSAGES.ascending).waitFor();
    await page.getByTestId('save-options').click();
    await page.getByText(OPTIONS_MESSAGES.fixBeforeSaving).waitFor();

    // Remove the 5 and the 30, add 60: 1, 7, 60, then every 90 days.
    // Each removal is seen done before the next (a click while the list still closes may be lost).
    for (const day of [/^5$/, /^30$/]) {
      const tag = days.locator('.ant-select-selection-item', { hasText: day });
      for (let attempt = 1; (await tag.count()) > 0; attempt++) {
        await tag.locator('.ant-select-selection-item-remove').click();
        try {
          await expect.poll(() => tag.count(), { timeout: 3_000 }).toBe(0);
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    }
    await days.click();
    await page.keyboard.type('60');
    await page.keyboard.press('Enter');
    await page.getByText(RECHECK_SCHEDULE_MESSAGES.ascending).waitFor({ state: 'detached' });
    await page.getByTestId('option-recheckThenEveryDays').fill('90');
    await page.getByTestId('save-options').click();
    await page.getByText('Options saved').waitFor();

    await page.reload();
    await page.getByTestId('general-tab').waitFor();
    expect(await page.getByTestId('option-recheckAfterPublishDays').locator('.ant-select-selection-item').allTextContents()).toEqual(['1', '7', '60']);
    expect(await page.getByTestId('option-recheckThenEveryDays').inputValue()).toBe('90');
    expect(pageErrors).toEqual([]);
  });
});

