import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { projectScreenPath } from '@linkloom/shared';
import { visit, waitForRoute } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { seedProjectWorld, type ProjectWorld } from './support/projects';
import { seedLinks } from './support/campaigns';

/**
 * A new user on a phone (375 px wide): every table scrolls inside its card while the columns that
 * say which row it is (a campaign's name, a link's URL and anchor) stay in view, dialogs fit the
 * screen, and no page scrolls sideways (issue 11.6).
 */
const USER = { username: 'phone@example.com', password: 'narrow screens e2e' };
const PHONE = { width: 375, height: 740 };

let world: ProjectWorld;

/** The page itself never scrolls sideways: only the tables inside their cards do. */
async function expectNoPageOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Scrolls a table's own scroller to its right end; fails unless the table is wider than its card. */
async function scrollTableToTheRight(table: Locator): Promise<void> {
  const scrolled = await table.evaluate((root) => {
    const scroller = [...root.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content')].find((el) => el.scrollWidth > el.clientWidth + 1);
    if (!scroller) return false;
    scroller.scrollLeft = scroller.scrollWidth;
    scroller.dispatchEvent(new Event('scroll'));
    return true;
  });
  expect(scrolled, 'the table scrolls inside its card').toBe(true);
}

/** The cell is wholly on screen (left edge, right edge) and not covered by another column. */
async function expectInView(page: Page, cell: Locator): Promise<void> {
  const box = await cell.boundingBox();
  expect(box).not.toBeNull();
  const what = await cell.evaluate((el) => `${el.className} left=${getComputedStyle(el).left} pos=${getComputedStyle(el).position} w=${el.getBoundingClientRect().width}`);
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('td')?.outerHTML ?? '', [box!.x + box!.width / 2, box!.y + box!.height / 2]);
  expect(onTop).toBe(await cell.evaluate((el) => el.outerHTML));
}

/** The open dialog fits the screen. */
async function expectDialogFits(page: Page): Promise<void> {
  const box = await page.locator('.ant-modal').last().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

async function openOnPhone(suite: ReturnType<typeof useSignedInSuite>, ctx: Parameters<typeof suite.signedInPage>[0], route: string) {
  const opened = await suite.signedInPage(ctx);
  await opened.page.setViewportSize(PHONE);
  await visit(opened.page, suite.server.baseUrl, route);
  await waitForRoute(opened.page, route);
  return opened;
}

describe('narrow screens (375 px)', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      world = await seedProjectWorld(server, USER.username);
      await seedLinks(server, world.linkSets.input, [
        { url: 'https://a-rather-long-host-name.example.com/articles/2024/how-to-grow-roses', anchor: 'growing roses in a small garden', dateAdded: Date.now() },
        { url: 'https://b.example.com/tulips', anchor: 'tulips', dateAdded: Date.now() },
      ]);
    },
  });

  test('campaign list: the table scrolls inside its card, the campaign name stays in view; the new-campaign dialog fits', async (ctx) => {
    const { page, pageErrors } = await openOnPhone(suite, ctx, '/campaigns');
    const table = page.getByTestId('campaigns-table');
    const nameCell = table.locator(`tr[data-row-key="${world.campaignId}"] td`, { has: page.getByTestId(`campaign-link-${world.campaignId}`) });
    await nameCell.waitFor();
    await expectNoPageOverflow(page);
    await scrollTableToTheRight(table);
    await expectInView(page, nameCell);
    await saveScreenshot(page, 'narrow-campaign-list');

    await page.getByTestId('add-campaign').click();
    await page.getByTestId('new-campaign-dialog-name').waitFor();
    await expectDialogFits(page);
    expect(pageErrors).toEqual([]);
  });

  test('link set: URL and anchor stay in view while the other columns scroll; the batch dialog fits', async (ctx) => {
    const { page, pageErrors } = await openOnPhone(suite, ctx, `/url_list/${world.linkSets.input}`);
    const table = page.getByTestId('links-table');
    const row = table.locator('tr[data-row-key]', { hasText: 'b.example.com/tulips' });
    await row.waitFor();
    await expectNoPageOverflow(page);
    await scrollTableToTheRight(table);
    await expectInView(page, row.locator('td', { hasText: 'https://b.example.com/tulips' }));
    await expectInView(page, row.locator('td', { hasText: /^tulips$/ }));
    await saveScreenshot(page, 'narrow-link-set');

    await page.getByTestId('batch-add-links').click();
    await page.getByTestId('batch-links-dialog-text').waitFor();
    await expectDialogFits(page);
    expect(pageErrors).toEqual([]);
  });

  test('project screen: nothing scrolls sideways and the status reads as words', async (ctx) => {
    const { page, pageErrors } = await openOnPhone(suite, ctx, projectScreenPath('Private', world.projects.private));
    await page.getByTestId('project-tabs').waitFor();
    expect(await page.getByTestId('project-toolbar').getByTestId('status-tag').textContent()).toBe('New');
    await expectNoPageOverflow(page);
    await saveScreenshot(page, 'narrow-project-screen');
    expect(pageErrors).toEqual([]);
  });
});
