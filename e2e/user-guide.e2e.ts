import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { PROJECT_FORM_MESSAGES, PROJECT_LIFECYCLE_MESSAGES, newCampaignPath } from '@linkloom/shared';
import { callAs, clickSettled, visit, waitForRoute } from './support/app';
import { launchBrowser, openPage } from './support/browser';
import { tableRow } from './support/campaigns';
import { REPO_ROOT } from './support/paths';
import { startServer, type RunningServer } from '../packages/server/test/support/server-process';

/**
 * The user guide (docs/guide/index.md), walked literally as a new user on a fresh data directory
 * (issue 11.1): each step presses the button the guide names — the test fails when the button is
 * missing or the guide calls it something else — and writes the screenshots the guide shows into
 * docs/guide/images/, so they never go stale. Along the way: the project's "what is missing"
 * panel and Start's refusal (11.2), the not-found page for a missing campaign (11.2), the
 * unsaved-changes guard on an address-bar edit (11.7), and the guide served as an HTML page.
 * Every other section's screen (custom sites and the verifier, a site selection, mailboxes, an
 * article, the designer, reports, alerts, options, the X-Wizard) is visited with a little seeded
 * data and photographed as the guide shows it (issue 39 item 6); packages/web/src/guide-names.test.ts
 * checks without a browser that every image the guide shows is one written here.
 */
const GUIDE = path.join(REPO_ROOT, 'docs/guide/index.md');
const IMAGES = path.join(REPO_ROOT, 'docs/guide/images');
const USER = { username: 'new.user@example.com', password: 'a long first-run password' };

let server: RunningServer;
let browser: Browser;
let guide = '';

/** The guide names this control in bold, exactly as the screen labels it. */
async function guideNames(control: Locator): Promise<void> {
  const label = ((await control.innerText()).trim().split('\n')[0] ?? '').trim();
  expect(label, 'a control the guide names has no label').not.toBe('');
  expect(guide, `the guide does not name "${label}"`).toContain(`**${label}**`);
}

/** Presses a control the guide names. */
async function press(control: Locator): Promise<void> {
  await control.waitFor();
  await guideNames(control);
  await clickSettled(control);
}

/** A screenshot the guide shows (docs/guide/images/NAME.png), referenced by the guide. */
async function guideImage(page: Page, name: string): Promise<void> {
  expect(guide, `the guide does not show ${name}.png`).toContain(`/help/images/${name}.png`);
  await fs.mkdir(IMAGES, { recursive: true });
  // Let toasts and animations settle so the picture shows the screen, not a transition.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`) });
}

describe('the user guide, step by step, as a new user', () => {
  beforeAll(async () => {
    // Markdown reads a line break inside a paragraph as a space: a bold name wrapped over two lines
    // of the guide is still that name (guide-names.test.ts squashes the same way).
    guide = (await fs.readFile(GUIDE, 'utf8')).replace(/\s+/g, ' ');
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('first run, sites, content, campaign, link sets, a project that says what it needs, API tokens, every other area of the guide, the guide itself', async (ctx) => {
    const { page, pageErrors } = await openPage(browser, ctx);

    // 1. First run.
    await visit(page, server.baseUrl, '/');
    await waitForRoute(page, '/user/setup');
    for (const label of ['Email or username', 'Password', 'Create account']) expect(guide).toContain(`**${label}**`);
    await page.getByLabel('Email or username').fill(USER.username);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByLabel('Confirm password').fill(USER.password);
    await guideImage(page, 'first-run');
    await press(page.getByRole('button', { name: 'Create account' }));
    await waitForRoute(page, '/campaigns');
    await guideNames(page.getByTestId('help-link'));
    // Every menu entry opens a built screen now (the last, X-Wizard, opens the wizard list).
    expect(await page.getByTestId('side-menu').locator('li[aria-disabled="true"]').count()).toBe(0);

    // 2. Sites: a private network with two blogs.
    const side = page.getByTestId('side-menu');
    await press(side.getByRole('link', { name: 'Private Network' }));
    await press(page.getByTestId('add-private-network'));
    await page.getByTestId('add-network-dialog-name').fill('My blogs');
    await press(page.getByTestId('add-network-dialog-ok'));
    await page.getByText('My blogs', { exact: true }).click();
    await waitForRoute(page, '/private-network/1');
    await press(page.getByTestId('import-menu'));
    await press(page.getByTestId('import-manually'));
    await page.getByTestId('import-sites-dialog-text').fill([
      'http://127.0.0.1:9/blog-one|one@example.com|admin|app password one',
      'http://127.0.0.1:9/blog-two|two@example.com|admin|app password two',
    ].join('\n'));
    await page.getByTestId('self-hosted').check();
    await guideNames(page.getByTestId('import-sites-dialog').getByText('Self-hosted blogs'));
    await press(page.getByTestId('import-sites-dialog-ok'));
    await page.getByTestId('private-sites-table').getByText('http://127.0.0.1:9/blog-two').waitFor();
    await guideImage(page, 'private-network');

    // 3. Content: a group and one article.
    await press(side.getByRole('link', { name: 'Content' }));
    await press(page.getByTestId('add-content-group'));
    await page.getByTestId('add-group-dialog-name').fill('Garden tips');
    await press(page.getByTestId('add-group-dialog-ok'));
    await page.getByText('Garden tips', { exact: true }).click();
    await waitForRoute(page, '/content-group/1');
    await press(page.getByTestId('add-article'));
    await page.getByTestId('article-title').fill('Growing roses');
    await page.getByTestId('article-body').fill('<p>Roses like sun and water.</p>');
    await page.getByTestId('article-author-name').fill('Rosa');
    await page.getByTestId('article-author-bio').fill('Gardener');
    await press(page.getByTestId('article-save'));
    await waitForRoute(page, '/article/1');
    await visit(page, server.baseUrl, '/content-group/1');
    await page.getByText('Growing roses').first().waitFor();
    await guideImage(page, 'content-group');

    // 4. A campaign, made by hand.
    await press(side.getByRole('link', { name: 'Campaigns' }));
    await press(page.getByTestId('add-campaign'));
    await page.getByTestId('new-campaign-dialog-name').fill('Garden shop');
    await press(page.getByTestId('campaign-type').getByText('Manually'));
    await press(page.getByTestId('new-campaign-dialog-ok'));
    await tableRow(page, 'campaigns-table', 'Garden shop').getByRole('link', { name: 'Garden shop' }).click();
    await waitForRoute(page, '/campaign/1');
    for (const tab of ['Projects', 'Accounts', 'Backlinks']) await guideNames(page.getByRole('tab', { name: tab }));
    await guideImage(page, 'campaign');

    // 5. Link sets: the money pages and the tier's output.
    await press(page.getByRole('tab', { name: 'Backlinks' }));
    for (const name of ['Money pages', 'Tier 1 posts']) {
      await press(page.getByTestId('add-link-set'));
      await page.getByTestId('add-link-set-dialog-name').fill(name);
      await press(page.getByTestId('add-link-set-dialog-ok'));
      await tableRow(page, 'link-sets-table', name).waitFor();
    }
    await tableRow(page, 'link-sets-table', 'Money pages').getByRole('link', { name: 'Money pages' }).click();
    await waitForRoute(page, '/url_list/1');
    await page.getByTestId('link-set-page').waitFor().catch(() => undefined);
    await guideImage(page, 'link-set');

    // 7. A project: it lists what it needs, and Start refuses with that list.
    await visit(page, server.baseUrl, '/campaign/1');
    await press(page.getByTestId('add-project'));
    // The module list is long: type to find it, as a user would.
    await page.getByTestId('project-dialog-module').click();
    await page.keyboard.type('Private Blog');
    await page.locator('.ant-select-item-option-active').filter({ hasText: /^Private Blog$/ }).waitFor();
    await page.keyboard.press('Enter');
    expect(guide).toContain('**Private Blog**');
    await page.getByTestId('project-dialog-name').fill('Tier 1 on my blogs');
    await press(page.getByTestId('project-dialog-ok'));
    await tableRow(page, 'projects-table', 'Tier 1 on my blogs').getByRole('link', { name: 'Tier 1 on my blogs' }).click();
    await waitForRoute(page, '/privateproject/1');
    const missing = page.getByTestId('start-readiness');
    await missing.getByText(PROJECT_LIFECYCLE_MESSAGES.notReadyTitle).waitFor();
    expect(guide).toContain(`**${PROJECT_LIFECYCLE_MESSAGES.notReadyTitle}**`);
    for (const problem of [PROJECT_FORM_MESSAGES.privateNetworkRequired, PROJECT_FORM_MESSAGES.contentGroupRequired, PROJECT_FORM_MESSAGES.sitesRequired]) {
      await missing.getByText(problem).waitFor();
    }
    await guideImage(page, 'project-missing');
    await press(page.getByTestId('start-stop'));
    await page.getByText(PROJECT_LIFECYCLE_MESSAGES.notReady).first().waitFor({ timeout: 10_000 });
    await page.locator('.ant-notification-notice-close').first().click();
    await page.locator('.ant-notification-notice').first().waitFor({ state: 'hidden' });

    // Unsaved edits survive an address-bar edit: Stay keeps them, Leave goes.
    await press(page.getByRole('button', { name: 'Edit' }));
    await page.getByLabel('Tags', { exact: true }).fill('roses');
    await page.evaluate(() => {
      window.location.hash = '#/campaigns';
    });
    await clickSettled(page.getByTestId('stay-unsaved'));
    await waitForRoute(page, '/privateproject/1');
    expect(await page.getByLabel('Tags', { exact: true }).inputValue()).toBe('roses');
    await page.getByTestId('stay-unsaved').waitFor({ state: 'detached' });
    // A full navigation (another address typed, reload, closing the tab) asks through the
    // browser's own prompt; dismissing it keeps the page and the edit.
    const prompt = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    void page.evaluate(() => {
      window.location.href = '/help';
    }).catch(() => undefined);
    expect(await Promise.race([prompt, new Promise<string>((resolve) => setTimeout(() => resolve('no prompt'), 5_000))])).toBe('beforeunload');
    await waitForRoute(page, '/privateproject/1');
    expect(await page.getByLabel('Tags', { exact: true }).inputValue()).toBe('roses');
    await page.evaluate(() => {
      window.location.hash = '#/campaigns';
    });
    await clickSettled(page.getByTestId('leave-unsaved'));
    await waitForRoute(page, '/campaigns');

    // A missing campaign is the not-found page, with no error toast.
    await visit(page, server.baseUrl, '/campaign/999');
    await page.reload();
    await page.getByTestId('not-found').waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('.ant-notification-notice, .ant-message-error').count()).toBe(0);

    // 9. API tokens.
    await page.getByTestId('user-menu').click();
    await press(page.getByTestId('api-tokens-item'));
    await waitForRoute(page, '/api-tokens');
    await guideNames(page.getByTestId('new-api-token'));
    await guideImage(page, 'api-tokens');

    // The guide's other areas: each screen visited as its section describes it, and its screenshot.
    // The side menu names them as the guide does.
    for (const entry of ['Custom Sites', 'Site Selection', 'Email Manager', 'Diagrams', 'X-Wizard', 'Settings']) {
      await guideNames(side.getByRole('link', { name: entry, exact: true }));
    }

    // 2. Custom sites and the verifier: one site of the user's (added as Add would), not verified yet.
    await callAs(page, server.baseUrl, 'PUT', '/rest/custom_sites', { url: 'https://garden-wiki.example.org', module: 'Wiki', da: 20 });
    await visit(page, server.baseUrl, '/custom-sites');
    await page.getByRole('heading', { name: 'Custom Sites' }).waitFor();
    await page.getByTestId('site-grid').getByText('https://garden-wiki.example.org').waitFor();
    await page.getByTestId('verifier-status').waitFor();
    for (const id of ['add-site', 'import-all', 'export-all', 'verifier-start']) await guideNames(page.getByTestId(id));
    await guideImage(page, 'custom-sites');

    // 3. A site selection.
    const selection = await callAs(page, server.baseUrl, 'PUT', '/rest/site_selections', { name: 'Garden wikis' }) as { siteSelection: { id: number } };
    await visit(page, server.baseUrl, `/site-selection/${selection.siteSelection.id}`);
    await page.getByTestId('site-selection-page').waitFor();
    await page.getByTestId('selection-form').waitFor();
    await guideImage(page, 'site-selection');

    // 4. Mailboxes.
    await visit(page, server.baseUrl, '/email-manager');
    await page.getByRole('heading', { name: 'Email Manager' }).waitFor();
    await guideImage(page, 'email-manager');

    // 5. The article with Download, Spin and Preview.
    await visit(page, server.baseUrl, '/article/1');
    await page.getByTestId('article-page').waitFor();
    for (const id of ['article-download', 'article-spin', 'article-preview-open']) await guideNames(page.getByTestId(id));
    await guideImage(page, 'article');

    // 6. The designer, on a built-in strategy (view only).
    await visit(page, server.baseUrl, '/strategy/1');
    await page.getByTestId('diagram-designer').waitFor();
    await page.getByTestId('builtin-tag').waitFor();
    await guideNames(page.getByTestId('builtin-tag'));
    await guideImage(page, 'designer');

    // 11. The campaign's reports (nothing published yet).
    await visit(page, server.baseUrl, '/campaign/1');
    await press(page.getByRole('tab', { name: 'Reports' }));
    await page.getByTestId('reports').waitFor();
    await guideImage(page, 'reports');

    // 10. Alerts: the bell opens them; their Settings tab.
    await page.getByTestId('alerts-bell').click();
    const drawer = page.getByTestId('alerts-drawer');
    await drawer.waitFor();
    await press(drawer.getByRole('tab', { name: 'Settings' }));
    await drawer.getByText('Webhook address').first().waitFor();
    await guideImage(page, 'alerts');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // 12. Options.
    await visit(page, server.baseUrl, '/options');
    await page.getByTestId('general-tab').waitFor();
    await guideImage(page, 'options');

    // 7. The X-Wizard on that strategy, as Campaigns › Add › Using X-Wizard opens it (last: the page
    // stays on it while Help opens in a tab of its own, so nothing asks about leaving it).
    await visit(page, server.baseUrl, newCampaignPath(1, 'Garden pyramid'));
    await page.getByTestId('wizard-editor').waitFor();
    for (const tab of ['Strategy', 'Sites', 'Confirm']) await guideNames(page.getByRole('tab', { name: tab, exact: true }).first());
    await guideNames(page.getByTestId('create-campaign'));
    await guideImage(page, 'xwizard');

    // The header's Help opens this guide as a page, its pictures served beside it.
    const [help] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('help-link').click()]);
    await help.waitForLoadState();
    expect(new URL(help.url()).pathname).toBe('/help');
    await help.getByRole('heading', { name: 'LinkLoom user guide' }).waitFor();
    const images = await help.locator('main img').evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).naturalWidth));
    expect(images.length).toBeGreaterThanOrEqual(6);
    expect(images.every((width) => width > 0)).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 180_000);

  test('the changelog, privacy and terms are pages too, and the old paths show them', async () => {
    for (const [url, heading] of [['/help', 'LinkLoom user guide'], ['/changelog', null], ['/privacy', null], ['/terms', null]] as const) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html, url).toContain('<main data-testid="document">');
      expect(html, url).toMatch(/<h1[^>]*>/);
      if (heading) expect(html).toContain(heading);
    }
    expect((await fetch(`${server.baseUrl}/help/images/..%2Fpackage.json`)).status).toBe(404);
  });
});
