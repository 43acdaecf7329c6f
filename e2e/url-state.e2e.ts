import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { projectScreenPath } from '@linkloom/shared';
import { buildCampaign } from '../packages/server/test/support/factories';
import { buildProfile } from '../packages/server/test/support/accounts-factories';
import { buildLinkSet, buildLinks } from '../packages/server/test/support/link-factories';
import { routeOf, visit } from './support/app';
import { filterColumn, shownSites } from './support/accounts';
import { filterLinks, shownUrls } from './support/link-sets';
import { seedProjectWorld, type ProjectWorld } from './support/projects';
import { seedAsUser } from './support/server-database';
import { useSignedInSuite, type E2eSuite } from './support/suite';

/**
 * Every screen keeps its tabs, pages, sorts and filters in the address (issue 39 item 1): a reload
 * shows the same view, Back and Forward step through the views, and the address opened in a fresh
 * window (a shared link) shows it too. Unknown or broken values open the default view.
 */
const USER = { username: 'url-state@example.com', password: 'url state e2e password' };

/** More campaigns than the list's 100-row page. */
const BULK_CAMPAIGNS = 105;
const ACCOUNTS = 150;
const LINKS = 250;

let world: ProjectWorld;
let profileId: number;
let linkSetId: number;

type Ctx = Parameters<E2eSuite['signedInPage']>[0];

/**
 * How long a poll waits for what a screen shows: a fresh window loads the screen's chunk and rows
 * first, which on a busy 2-core machine takes seconds (expect.poll's own 1 s is too short).
 */
const SHOWN = { timeout: 15_000 };

/** A test that opens a fresh signed-in window for every view it checks (about 50 s on a busy 2-core machine). */
const MANY_WINDOWS_MS = 180_000;

/** A route with its params in a fixed order: the app may write them in any. */
function viewKey(route: string): string {
  const [path = '', search = ''] = route.split('?');
  const params = [...new URLSearchParams(search).entries()].map(([name, value]) => `${name}=${value}`).sort();
  return `${path}?${params.join('&')}`;
}

/** Waits until the address shows `route` (params in any order). */
async function waitForView(page: Page, route: string): Promise<void> {
  await page.waitForURL((url) => viewKey(routeOf(url.toString())) === viewKey(route), { timeout: 15_000 });
}

/** A view of a screen: its address and what the screen shows then. */
interface View {
  route: string;
  shows: (page: Page) => Promise<void>;
}

/**
 * The page has just moved from `before` to `after` (pushed: a tab, a page, a sort; replaced: a
 * filter, as typing would). Reload keeps `after`; Back returns to `before` (pushed) or leaves the
 * view (replaced); Forward comes back to `after`; a fresh window on `after`'s address shows it.
 */
async function expectKept(suite: E2eSuite, ctx: Ctx, page: Page, before: View, after: View, how: 'pushed' | 'replaced'): Promise<void> {
  await waitForView(page, after.route);
  await after.shows(page);

  await page.reload();
  await waitForView(page, after.route);
  await after.shows(page);

  await page.goBack();
  if (how === 'pushed') {
    await waitForView(page, before.route);
    await before.shows(page);
  } else {
    await page.waitForURL((url) => viewKey(routeOf(url.toString())) !== viewKey(after.route));
  }
  await page.goForward();
  await waitForView(page, after.route);
  await after.shows(page);

  const shared = await suite.signedInPage(ctx, after.route);
  await after.shows(shared.page);
  expect(shared.pageErrors).toEqual([]);
}

/** The selected tab (of the first tab list that has one by this name). */
async function selectedTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true, selected: true }).first().waitFor();
}

/** A view where the tab `name` is open. */
const tabView = (route: string, name: string): View => ({ route, shows: (page) => selectedTab(page, name) });

/** Clicks the tab `name`. */
async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).first().click();
}

/** Clicks page `n` of the pager of the table with this test id. */
async function goToPage(page: Page, table: string, n: number): Promise<void> {
  await page.getByTestId(table).locator('.ant-pagination').getByTitle(String(n), { exact: true }).click();
}

/** The column `title` of the table is sorted this way (antd marks the header for screen readers). */
async function sortedBy(page: Page, table: string, title: string, order: 'ascending' | 'descending'): Promise<void> {
  await page.getByTestId(table).locator(`thead th[aria-sort="${order}"]`, { hasText: new RegExp(`^${title}$`) }).first().waitFor();
}

/** The header cell of column `title` (its text is the title alone: the sort and filter marks are icons). */
const header = (page: Page, table: string, title: string) => page.getByTestId(table).locator('thead th', { hasText: new RegExp(`^${title}$`) }).first();

/** Clicks the header of column `title` (antd cycles ascending, descending, none). */
async function clickHeader(page: Page, table: string, title: string): Promise<void> {
  await header(page, table, title).click();
}

/** Sorts by column `title` descending: two clicks, the second once the first has taken. */
async function sortDescending(page: Page, table: string, title: string): Promise<void> {
  await clickHeader(page, table, title);
  await sortedBy(page, table, title, 'ascending');
  await clickHeader(page, table, title);
}

describe('view state in the address (issue 39 item 1)', () => {
  const suite = useSignedInSuite(USER, {
    seed: async (server) => {
      world = await seedProjectWorld(server, USER.username);
      await seedAsUser(server, USER.username, async (db, ownerId) => {
        const campaign = await buildCampaign(db, { ownerId, name: 'Paged lists' });
        profileId = (await buildProfile(db, { ownerId, campaignId: campaign.id, name: 'Many accounts', accounts: ACCOUNTS })).id;
        linkSetId = (await buildLinkSet(db, { ownerId, campaignId: campaign.id, name: 'Many links' })).id;
        await buildLinks(db, { ownerId, urlListId: linkSetId }, LINKS);
        for (let n = 1; n <= BULK_CAMPAIGNS; n++) await buildCampaign(db, { ownerId, name: `Bulk campaign ${String(n).padStart(3, '0')}` });
      });
    },
  });

  test('campaign screen: the tab and a tab\'s table sort are kept; an unknown tab opens Projects', async (ctx) => {
    const route = `/campaign/${world.campaignId}`;
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await selectedTab(page, 'Projects');
    await openTab(page, 'Backlinks');
    await expectKept(suite, ctx, page, tabView(route, 'Projects'), tabView(`${route}?tab=backlinks`, 'Backlinks'), 'pushed');

    // The Projects tab's table, sorted by ID: the sort sits beside the tab, under the table's own names.
    await openTab(page, 'Projects');
    await waitForView(page, route);
    await clickHeader(page, 'projects-table', 'ID');
    const sorted: View = {
      route: `${route}?projects.sort=id&projects.order=asc`,
      shows: (p) => sortedBy(p, 'projects-table', 'ID', 'ascending'),
    };
    await expectKept(suite, ctx, page, tabView(route, 'Projects'), sorted, 'pushed');

    const unknown = await suite.signedInPage(ctx, `${route}?tab=nonsense`);
    await selectedTab(unknown.page, 'Projects');
    expect(unknown.pageErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('campaign list: the page of a list longer than 100 rows is kept', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/campaigns');
    // Newest first: the first campaign made sits on the second page.
    const first = (p: Page) => p.getByTestId(`campaign-link-${world.campaignId}`);
    const firstPage: View = { route: '/campaigns', shows: async (p) => {
      await p.getByTestId('campaigns-table').locator('tr[data-row-key]').first().waitFor();
      await expect.poll(() => first(p).count(), SHOWN).toBe(0);
    } };
    const secondPage: View = { route: '/campaigns?page=2', shows: (p) => first(p).waitFor() };
    await firstPage.shows(page);
    await goToPage(page, 'campaigns-table', 2);
    await expectKept(suite, ctx, page, firstPage, secondPage, 'pushed');
    expect(pageErrors).toEqual([]);
  });

  test('project screens: the tab is kept, and the Sites tab\'s DA filter', async (ctx) => {
    const route = projectScreenPath('SocialNetwork', world.projects.posting);
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await selectedTab(page, 'General');
    await openTab(page, 'Sites');
    await expectKept(suite, ctx, page, tabView(route, 'General'), tabView(`${route}?tab=sites`, 'Sites'), 'pushed');

    // The site grid's filter: typed, so it replaces the entry.
    const daFilter = (p: Page) => p.getByRole('spinbutton', { name: 'DA at least' });
    await page.getByTestId('site-grid').getByLabel('Select https://web20.example.com').waitFor();
    await daFilter(page).fill('30');
    const filtered: View = { route: `${route}?tab=sites&minDa=30`, shows: async (p) => expect.poll(() => daFilter(p).inputValue(), SHOWN).toBe('30') };
    await expectKept(suite, ctx, page, tabView(`${route}?tab=sites`, 'Sites'), filtered, 'replaced');

    const accountCreation = projectScreenPath('AccountCreation', world.projects.accountCreation);
    const other = await suite.signedInPage(ctx, accountCreation);
    await selectedTab(other.page, 'Account');
    await openTab(other.page, 'Email');
    await expectKept(suite, ctx, other.page, tabView(accountCreation, 'Account'), tabView(`${accountCreation}?tab=email`, 'Email'), 'pushed');
    expect(other.pageErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('link set: the tab, the page, the sort and the URL filter are kept', async (ctx) => {
    const route = `/url_list/${linkSetId}`;
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const startsWith = (url: string) => async (p: Page) => expect.poll(async () => (await shownUrls(p))[0], SHOWN).toBe(url);
    const firstPage: View = { route, shows: startsWith('https://site1.test/page') };
    await firstPage.shows(page);

    await openTab(page, 'Keywords');
    await expectKept(suite, ctx, page, tabView(route, 'Links'), tabView(`${route}?tab=keywords`, 'Keywords'), 'pushed');
    await openTab(page, 'Links');
    await waitForView(page, route);

    await goToPage(page, 'links-table', 3);
    const thirdPage: View = { route: `${route}?page=3`, shows: startsWith('https://site201.test/page') };
    await expectKept(suite, ctx, page, firstPage, thirdPage, 'pushed');

    // Sorting starts again at the first page.
    await sortDescending(page, 'links-table', 'URL');
    const byUrlDown: View = {
      route: `${route}?sort=url&order=desc`,
      shows: async (p) => {
        await sortedBy(p, 'links-table', 'URL', 'descending');
        await startsWith('https://site99.test/page')(p);
      },
    };
    const byUrlUp: View = { route: `${route}?sort=url&order=asc`, shows: (p) => sortedBy(p, 'links-table', 'URL', 'ascending') };
    await expectKept(suite, ctx, page, byUrlUp, byUrlDown, 'pushed');

    await filterLinks(page, 'URL', 'site12');
    const filtered: View = {
      route: `${route}?sort=url&order=desc&url=site12`,
      // site129 … site120, then site12.
      shows: startsWith('https://site129.test/page'),
    };
    await expectKept(suite, ctx, page, byUrlDown, filtered, 'replaced');
    expect(pageErrors).toEqual([]);
  }, MANY_WINDOWS_MS);

  test('account profile: the page, the sort and the Site filter are kept; a broken page or sort opens the first page', async (ctx) => {
    const route = `/accounts/${profileId}`;
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    const startsWith = (site: string) => async (p: Page) => expect.poll(async () => (await shownSites(p))[0], SHOWN).toBe(site);
    const firstPage: View = { route, shows: startsWith('site-001.test') };
    await firstPage.shows(page);

    await goToPage(page, 'accounts-table', 2);
    await expectKept(suite, ctx, page, firstPage, { route: `${route}?page=2`, shows: startsWith('site-101.test') }, 'pushed');

    await sortDescending(page, 'accounts-table', 'Site');
    const bySiteUp: View = { route: `${route}?sort=site&order=asc`, shows: (p) => sortedBy(p, 'accounts-table', 'Site', 'ascending') };
    const bySiteDown: View = {
      route: `${route}?sort=site&order=desc`,
      shows: async (p) => {
        await sortedBy(p, 'accounts-table', 'Site', 'descending');
        await startsWith('site-150.test')(p);
      },
    };
    await expectKept(suite, ctx, page, bySiteUp, bySiteDown, 'pushed');

    await filterColumn(page, 'Site', 'site-12');
    const filtered: View = { route: `${route}?sort=site&order=desc&site=site-12`, shows: startsWith('site-129.test') };
    await expectKept(suite, ctx, page, bySiteDown, filtered, 'replaced');

    const broken = await suite.signedInPage(ctx, `${route}?page=0&sort=password&order=sideways`);
    await startsWith('site-001.test')(broken.page);
    // A page past the last one (rows gone since the link was shared) moves to the last page.
    await visit(broken.page, suite.server.baseUrl, `${route}?page=9`);
    await waitForView(broken.page, `${route}?page=2`);
    await startsWith('site-101.test')(broken.page);
    expect(broken.pageErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, MANY_WINDOWS_MS);

  test('diagram designer, options and wizard editor: the tab is kept', async (ctx) => {
    const designer = '/strategy/1';
    const { page, pageErrors } = await suite.signedInPage(ctx, designer);
    await selectedTab(page, 'Diagram');
    await openTab(page, 'Description');
    await expectKept(suite, ctx, page, tabView(designer, 'Diagram'), tabView(`${designer}?tab=description`, 'Description'), 'pushed');

    const options = await suite.signedInPage(ctx, '/options');
    await selectedTab(options.page, 'General');
    await openTab(options.page, 'Proxy');
    await expectKept(suite, ctx, options.page, tabView('/options', 'General'), tabView('/options?tab=proxy', 'Proxy'), 'pushed');

    // The wizard's starting values stay in the address beside the tab.
    const wizard = '/newcampaign/1?campaignName=Kept%20name';
    const editor = await suite.signedInPage(ctx, wizard);
    await editor.page.getByTestId('wizard-editor').waitFor();
    await selectedTab(editor.page, 'Strategy');
    await openTab(editor.page, 'Confirm');
    const confirm: View = {
      route: `${wizard}&tab=confirm`,
      shows: async (p) => {
        await selectedTab(p, 'Confirm');
        await expect.poll(() => p.getByTestId('confirm-campaign-name').inputValue(), SHOWN).toBe('Kept name');
      },
    };
    await expectKept(suite, ctx, editor.page, tabView(wizard, 'Strategy'), confirm, 'pushed');

    expect(pageErrors).toEqual([]);
    expect(options.pageErrors).toEqual([]);
    expect(editor.pageErrors).toEqual([]);
  });
});
