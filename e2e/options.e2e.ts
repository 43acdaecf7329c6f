import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BLOCKED_SITE_MESSAGES, CAPTCHA_MESSAGES, OPTIONS_MESSAGES, PROXY_MESSAGES } from '@linkloom/shared';
import { clickSettled, confirmDelete } from './support/app';
import { saveScreenshot } from './support/browser';
import { useSignedInSuite } from './support/suite';
import { closedPort, startHttpProxy, startJudge, type Peer } from '../packages/server/test/support/proxy-peers';
import { startCaptchaStandIn } from '../packages/server/test/support/captcha-stand-in';
import { tableRow } from './support/campaigns';
import { chooseOption } from './support/select';
import { seedAsUser } from './support/server-database';
import { projectStatus } from './support/projects';
import { buildPrivateProjectWorld } from '../packages/server/test/support/engine-world';
import { freePort } from '../packages/server/test/support/server-process';
import { readEngineOptions, saveOptions } from '../packages/server/src/features/options/options.repository';
import { buildCampaign } from '../packages/server/test/support/factories';

/** The captcha providers' stand-in and the notification service listen on ports of this walk's range, known before the server starts. */
const CAPTCHA_STAND_IN_PORT = 18551;
const NOTIFICATION_PORT = 18552;
/** What the notification service answers: markup to show, and script that must never run. */
const NOTIFICATION_HTML = '<b>Spring sale</b> on credits<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>';

/** The options screen walked as a user: tabs, Save's checks, proxies really checked live, blocked sites. */
const USER = { username: 'options@example.com', password: 'options e2e walk' };

describe('Options', () => {
  const suite = useSignedInSuite(USER, {
    env: {
      PROXY_CHECK_TIMEOUT_MS: '2000', CAPTCHA_BASE_URL_OVERRIDE: `http://127.0.0.1:${CAPTCHA_STAND_IN_PORT}`, CAPTCHA_TIMEOUT_MS: '3000',
      NOTIFICATION_SERVICE_URL: `http://127.0.0.1:${NOTIFICATION_PORT}`,
    },
  });
  const peers: Peer[] = [];
  let judgeUrl = '';
  let proxyPort = 0;
  let deadPort = 0;
  let notificationUrls: string[] = [];

  beforeAll(async () => {
    const judge = await startJudge();
    const proxy = await startHttpProxy({ username: 'u', password: 'p' });
    const captcha = await startCaptchaStandIn(CAPTCHA_STAND_IN_PORT);
    const notifications: string[] = [];
    const notificationService = createServer((request, response) => {
      notifications.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/html' }).end(NOTIFICATION_HTML);
    });
    await new Promise<void>((resolve) => notificationService.listen(NOTIFICATION_PORT, '127.0.0.1', resolve));
    notificationUrls = notifications;
    peers.push(judge, proxy, { port: CAPTCHA_STAND_IN_PORT, close: () => captcha.close() }, {
      port: NOTIFICATION_PORT,
      close: () => new Promise((resolve) => notificationService.close(() => resolve())),
    });
    judgeUrl = judge.url;
    proxyPort = proxy.port;
    deadPort = await closedPort();
  });
  afterAll(async () => {
    await Promise.all(peers.map((peer) => peer.close()));
  });

  test('fill the tabs, break a rule on Captcha and see Save open it, check proxies live, block sites', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/options');
    await page.getByTestId('general-tab').waitFor();

    // General: the shared schema's rule and message as the user types.
    const threads = page.getByTestId('option-maxPostingThreads');
    await threads.fill('150');
    await page.getByText('Must be between 1 and 100').waitFor();
    await threads.fill('12');
    await page.getByText('Must be between 1 and 100').waitFor({ state: 'detached' });

    // Captcha: tick the switch and choose TwoCaptcha, leave its key empty, go back to General.
    await page.getByTestId('tab-captcha').click();
    await page.getByTestId('captcha-banner').waitFor();
    await page.getByTestId('captcha-enable').check();
    await chooseOption(page, 'captcha-primary-service', 'TwoCaptcha');
    await page.getByTestId('tab-general').click();
    await page.getByTestId('save-options').click();
    // Save opens the failing tab, says so for 3 s, and saves nothing.
    await page.getByText(OPTIONS_MESSAGES.fixBeforeSaving).waitFor();
    await page.getByTestId('captcha-tab').waitFor({ state: 'visible' });
    await page.getByText(CAPTCHA_MESSAGES.captchaKey).waitFor();
    await saveScreenshot(page, 'options-captcha-required');
    await page.getByTestId('captcha-primary-captchaKey').fill('my-two-captcha-key');
    await page.getByTestId('save-options').click();
    await page.getByText('Options saved').waitFor();

    // Proxy: the judge URL saved with the options, then proxies added, checked and shown live.
    await page.getByTestId('tab-proxy').click();
    await page.getByTestId('option-proxyJudgeUrl').fill(judgeUrl);
    await page.getByTestId('save-options').click();
    await page.getByText('Options saved').first().waitFor();
    await page.getByTestId('add-proxies').click();
    await clickSettled(page.getByTestId('add-proxies-dialog-ok'));
    await page.getByText(PROXY_MESSAGES.required).waitFor();
    // A list without one good line adds nothing: the notice names the line, in words (no request path), and the box keeps it.
    await page.getByTestId('add-proxies-dialog-text').fill('not a proxy');
    await clickSettled(page.getByTestId('add-proxies-dialog-ok'));
    await page.getByText(`Line 1: ${PROXY_MESSAGES.format}`).first().waitFor();
    expect(await page.locator('.ant-notification, .ant-message').getByText(/\/rest\/|Request error|validation error/).count()).toBe(0);
    expect(await page.getByTestId('add-proxies-dialog-text').inputValue()).toBe('not a proxy');
    // Issue 39 item 4: one bad line no longer loses the good ones: they are added, the bad one refused by its number.
    await page.getByTestId('add-proxies-dialog-text').fill(`127.0.0.1:${proxyPort}:u:p\n127.0.0.1:${deadPort}\nnot a proxy`);
    await clickSettled(page.getByTestId('add-proxies-dialog-ok'));
    await page.getByText('2 proxies added, 1 line refused', { exact: true }).waitFor();
    // Only the refused line stays in the box, renumbered, with its reason.
    await page.getByTestId('add-proxies-dialog-problems').getByText(`Line 1: ${PROXY_MESSAGES.format}`).waitFor();
    expect(await page.getByTestId('add-proxies-dialog-text').inputValue()).toBe('not a proxy');
    await page.keyboard.press('Escape');
    await page.getByTestId('add-proxies-dialog-text').waitFor({ state: 'detached' });
    const table = page.getByTestId('proxy-table');
    await table.locator('tbody tr').nth(1).waitFor();
    expect(await table.getByTestId('proxy-status').allTextContents()).toEqual(['NEW', 'NEW']);
    await page.getByTestId('proxy-check').click();
    await table.getByText('WORKING').waitFor();
    await table.getByText('FAILED').waitFor();
    await table.getByText('connection refused').waitFor();
    await page.getByTestId('proxy-check').waitFor(); // the monitor is back to NEW: Check again
    await saveScreenshot(page, 'options-proxies-checked');
    await table.locator('tbody tr', { hasText: String(deadPort) }).locator('input[type=checkbox]').check();
    await page.getByTestId('delete-proxies').click();
    await page.getByText(PROXY_MESSAGES.deleteConfirm).waitFor();
    await confirmDelete(page);
    await table.locator('tbody tr', { hasText: String(deadPort) }).waitFor({ state: 'detached' });

    // Indexer: one key per service; Validate asks the service where it can (IndexNow needs no key).
    await page.getByTestId('tab-indexer').click();
    await page.getByTestId('indexer-notice').waitFor();
    await page.getByTestId('indexer-validate-IndexNow').click();
    await page.getByTestId('indexer-status-IndexNow').getByText('IndexNow needs no key', { exact: false }).waitFor();
    await page.getByTestId('indexer-key-OmegaIndexer').fill('omega-key');
    await page.getByTestId('indexer-validate-OmegaIndexer').click();
    await page.getByTestId('indexer-status-OmegaIndexer').getByText('publishes no key check', { exact: false }).waitFor();

    // Blocked sites: one per line, kept as domains; delete with the spec's confirmation.
    await page.getByTestId('tab-blocked-sites').click();
    await page.getByTestId('add-blocked-sites').click();
    await clickSettled(page.getByTestId('add-blocked-sites-dialog-ok'));
    await page.getByText(BLOCKED_SITE_MESSAGES.required).waitFor();
    await page.getByTestId('add-blocked-sites-dialog-text').fill('https://www.Spam.example/page\nnot a site\nother.example');
    await clickSettled(page.getByTestId('add-blocked-sites-dialog-ok'));
    // The good lines are added, the bad one refused by its number and left in the box.
    await page.getByText('2 blocked sites added, 1 line refused', { exact: true }).waitFor();
    await page.getByTestId('add-blocked-sites-dialog-problems').getByText(`Line 1: ${BLOCKED_SITE_MESSAGES.invalid}`).waitFor();
    expect(await page.getByTestId('add-blocked-sites-dialog-text').inputValue()).toBe('not a site');
    await page.keyboard.press('Escape');
    const grid = page.getByTestId('blocked-sites-table');
    await grid.getByText('spam.example').waitFor();
    await grid.locator('tbody tr', { hasText: 'spam.example' }).locator('input[type=checkbox]').check();
    await page.getByTestId('delete-blocked-sites').click();
    await page.getByText(BLOCKED_SITE_MESSAGES.deleteConfirm).waitFor();
    await confirmDelete(page);
    await grid.getByText('spam.example').waitFor({ state: 'detached' });

    // Everything saved is there after a reload.
    await page.reload();
    await page.getByTestId('blocked-sites-tab').waitFor();
    await page.getByTestId('tab-general').click();
    expect(await page.getByTestId('option-maxPostingThreads').inputValue()).toBe('12');
    expect(pageErrors).toEqual([]);
  });

  test('fill the LinkLoom Indexer tab: out-of-range values show the spec\'s messages; delay, daily limit, threads and extra domains are kept after Save and a reload', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/options');
    await page.getByTestId('general-tab').waitFor();
    await page.getByTestId('tab-linkloom-indexer').click();
    await page.getByTestId('linkloom-indexer-tab').waitFor();
    const delay = page.getByTestId('option-linkLoomIndexerAccountDelay');
    const daily = page.getByTestId('option-linkLoomIndexerDailySubmissionPerAccount');
    const threads = page.getByTestId('option-maxIndexerThreads');
    const domains = page.getByTestId('option-additionalSites');

    // Spec 3 §9: the delay is at least 3 minutes, the daily limit at most 25; threads within the shared schema's range.
    await delay.fill('2');
    await page.getByText(OPTIONS_MESSAGES.indexerAccountDelay).waitFor();
    await daily.fill('26');
    await page.getByText(OPTIONS_MESSAGES.indexerDailySubmissions).waitFor();
    await threads.fill('0');
    await page.getByText(OPTIONS_MESSAGES.maxIndexerThreads).waitFor();
    await saveScreenshot(page, 'options-linkloom-indexer-rules');

    await delay.fill('7');
    await page.getByText(OPTIONS_MESSAGES.indexerAccountDelay).waitFor({ state: 'detached' });
    await daily.fill('12');
    await page.getByText(OPTIONS_MESSAGES.indexerDailySubmissions).waitFor({ state: 'detached' });
    await threads.fill('3');
    await page.getByText(OPTIONS_MESSAGES.maxIndexerThreads).waitFor({ state: 'detached' });
    await domains.fill('my-shop.example\nmy-blog.example');
    await page.getByTestId('save-options').click();
    await page.getByText('Options saved').first().waitFor();

    // The tab opens from its address after a reload, with what was saved.
    await page.goto(new URL('/#/options?tab=linkloom-indexer', page.url()).href);
    await page.reload();
    await page.getByTestId('linkloom-indexer-tab').waitFor();
    expect(await delay.inputValue()).toBe('7');
    expect(await daily.inputValue()).toBe('12');
    expect(await threads.inputValue()).toBe('3');
    expect(await domains.inputValue()).toBe('my-shop.example\nmy-blog.example');
    expect(pageErrors).toEqual([]);
  });

  test('opening a campaign with a low captcha balance and a refused Google login shows the warnings and the red banner', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/options?tab=captcha');
    await page.getByTestId('captcha-tab').waitFor();
    await page.getByTestId('captcha-enable').check();
    await chooseOption(page, 'captcha-primary-service', 'AntiCaptcha');
    await page.getByTestId('captcha-primary-captchaKey').fill('low');
    await page.getByTestId('captcha-primary-balance').click();
    await page.getByText('AntiCaptcha balance: 0.42').waitFor();
    await page.getByTestId('tab-google-captcha').click();
    await page.getByTestId('google-captcha-enable').check();
    await chooseOption(page, 'google-captcha-primary-service', 'DeathByCaptcha');
    await page.getByTestId('google-captcha-primary-username').fill('good');
    await page.getByTestId('google-captcha-primary-password').fill('refused');
    await page.getByTestId('save-options').click();
    await page.getByText('Options saved').waitFor();

    await page.goto(`${suite.server.baseUrl}/#/campaigns`);
    await page.getByTestId('add-campaign').click();
    await clickSettled(page.getByTestId('campaign-type').getByText('Manually'));
    await page.getByTestId('new-campaign-dialog-name').fill('Captcha check');
    await clickSettled(page.getByTestId('new-campaign-dialog-ok'));
    await tableRow(page, 'campaigns-table', 'Captcha check').getByRole('link', { name: 'Captcha check' }).click();
    await page.getByTestId('campaign-page').waitFor();
    await page.getByText(CAPTCHA_MESSAGES.low, { exact: true }).waitFor();
    await page.getByText(CAPTCHA_MESSAGES.googleBadKey, { exact: true }).waitFor();
    const banner = page.getByTestId('google-captcha-banner');
    await banner.getByText('DeathByCaptcha').waitFor();
    await saveScreenshot(page, 'campaign-captcha-warnings');
    await banner.locator('.ant-alert-close-icon').click();
    await banner.waitFor({ state: 'detached' });
    // AntiCaptcha is the image captcha provider: no TwoCaptcha banner.
    expect(await page.getByTestId('two-captcha-banner').count()).toBe(0);
    // The notification service's text as a banner, its HTML sanitised: the markup shows, no script ran.
    const notice = page.getByTestId('notification-banner');
    await notice.locator('b', { hasText: 'Spring sale' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(notificationUrls.at(-1)).toMatch(/^\/info\?\d+$/);
    expect(pageErrors).toEqual([]);
  });

  test('opening a campaign with TwoCaptcha refusing the key and a low Google balance shows both warnings and the TwoCaptcha banner', async (ctx) => {
    const campaign = await seedAsUser(suite.server, USER.username, async (db, ownerId) => {
      const current = await readEngineOptions(db, ownerId);
      await saveOptions(db, ownerId, {
        autoSolveCaptcha: true, primaryCaptchaService: 'TwoCaptcha', captchaPrimary: { ...current.captchaPrimary, TwoCaptcha: { captchaKey: 'refused-key' } },
        useGoogleNoCaptcha: true, googleNoCaptchaService: 'TwoCaptcha', googleCaptchaPrimary: { ...current.googleCaptchaPrimary, TwoCaptcha: { captchaKey: 'low' } },
      });
      return buildCampaign(db, { ownerId, name: 'TwoCaptcha check' });
    });
    const { page, pageErrors } = await suite.signedInPage(ctx, `/campaign/${campaign.id}`);
    await page.getByTestId('campaign-page').waitFor();
    await page.getByText(CAPTCHA_MESSAGES.badKey, { exact: true }).waitFor();
    await page.getByText(CAPTCHA_MESSAGES.googleLow, { exact: true }).waitFor();
    await page.getByTestId('two-captcha-banner').getByText('ZeroCaptcha is cheaper and more accurate than TwoCaptcha', { exact: false }).waitFor();
    // TwoCaptcha is not a Google provider the product advises against: no red banner.
    expect(await page.getByTestId('google-captcha-banner').count()).toBe(0);
    await saveScreenshot(page, 'campaign-two-captcha-banner');
    expect(pageErrors).toEqual([]);
  });

  test("a project's site grid marks a blocked site, and a run never posts to it", async (ctx) => {
    const blocked = { url: `http://127.0.0.1:${await freePort()}`, username: 'admin', password: 'app password' };
    const other = { url: `http://localhost:${await freePort()}`, username: 'admin', password: 'app password' };
    const world = await seedAsUser(suite.server, USER.username, async (db, ownerId) => {
      await saveOptions(db, ownerId, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1 });
      return buildPrivateProjectWorld(db, ownerId, [blocked, other]);
    });
    const { page, pageErrors } = await suite.signedInPage(ctx, '/options?tab=blocked-sites');
    await page.getByTestId('add-blocked-sites').click();
    await page.getByTestId('add-blocked-sites-dialog-text').fill('127.0.0.1');
    await clickSettled(page.getByTestId('add-blocked-sites-dialog-ok'));
    await page.getByTestId('blocked-sites-table').getByText('127.0.0.1').waitFor();

    await page.goto(`${suite.server.baseUrl}/#/privateproject/${world.projectId}`);
    await projectStatus(page).waitFor();
    await page.getByRole('tab', { name: 'Sites', exact: true }).click();
    const marked = page.getByTestId('site-blocked');
    await marked.waitFor();
    expect(await marked.count()).toBe(1);
    expect(await page.locator('a', { hasText: blocked.url }).count()).toBe(1);
    await saveScreenshot(page, 'project-sites-blocked');

    await page.getByTestId('start-stop').click();
    await expect.poll(() => projectStatus(page).getAttribute('data-status'), { timeout: 30_000 }).toBe('FAILED');
    await page.getByRole('button', { name: 'View Error' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await dialog.getByText(`${blocked.url} is one of your blocked sites`, { exact: false }).first().waitFor();
    await dialog.getByText(`Could not reach ${other.url}`, { exact: false }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
