import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { WIZARD_MESSAGES } from '@linkloom/shared';
import { callAs, clickSettled, routeOf, visit, waitForRoute } from './support/app';
import { saveScreenshot } from './support/browser';
import { downloadedText } from './support/downloads';
import { chooseOption } from './support/select';
import { useSignedInSuite } from './support/suite';

/** The wizard editor (/xwizard/:id), walked as a new user on one real server (SQLite). */
const USER = { username: 'wizard-editor@example.com', password: 'wizard editor e2e walk' };

/** The toast a failed check shows. */
async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('wizard-toast').filter({ hasText: text }).first().waitFor();
}

/** The active tab's key of a Tabs component (by the data-testid of its label). */
async function isActiveTab(page: Page, labelTestId: string): Promise<boolean> {
  return page.getByTestId(labelTestId).evaluate((element) => element.closest('.ant-tabs-tab')?.classList.contains('ant-tabs-tab-active') ?? false);
}

/**
 * A failed check opens its tab through the address (?tab=), which the router draws just after the
 * toast shows: waits for that tab (and tier) to be the open one.
 */
async function expectActiveTab(page: Page, labelTestId: string): Promise<void> {
  await expect.poll(() => isActiveTab(page, labelTestId), { timeout: 10_000 }).toBe(true);
}

/** The message shown under a field of the editor (by its dotted path). */
function fieldMessage(page: Page, path: string) {
  return page.locator(`[data-field="${path}"] .ant-form-item-explain-error`);
}

describe('wizard editor', () => {
  const suite = useSignedInSuite(USER);

  test('New XWizard opens the editor; each tab filled, a broken rule opens its tab and tier, Save Wizard, reopen, Create Campaign, duplicate it, new campaign route', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/xwizards');
    const { baseUrl } = suite.server;
    await callAs(page, baseUrl, 'PUT', '/rest/content_groups', { name: 'Garden articles' });
    const plainSite = await callAs(page, baseUrl, 'PUT', '/rest/custom_sites', { url: 'https://plain-blog.example.com', module: 'SocialNetwork' }) as { site: { id: number } };
    await callAs(page, baseUrl, 'PUT', '/rest/custom_sites', { url: 'https://premium-blog.example.com', module: 'SocialNetwork', premium: true });

    // New XWizard: a name and a built-in 2-tier strategy; Save opens the new wizard route, Save Wizard stores it.
    await page.getByTestId('add-wizard').click();
    await page.getByTestId('new-wizard-dialog-name').fill('Pyramid editor');
    await chooseOption(page, 'strategy-select', '2-Tier Web 2.0 Pyramid');
    await clickSettled(page.getByTestId('new-wizard-dialog-ok'));
    await page.waitForURL((url) => /^\/newwizard\/\d+\?wizardName=Pyramid\+editor$/.test(routeOf(url.toString())));
    await page.getByTestId('save-wizard').click();
    await page.waitForURL((url) => /^\/xwizard\/\d+$/.test(routeOf(url.toString())));
    const route = routeOf(page.url());
    const editor = page.getByTestId('wizard-editor');
    await editor.waitFor();
    await page.getByTestId('page-title').filter({ hasText: 'Wizard: Pyramid editor' }).waitFor();
    expect(await page.getByTestId('page-header').locator('.ant-breadcrumb').innerText()).toContain('Wizards');

    // Strategy tab: read-only diagram of the strategy with its tools; two tiers.
    expect(await isActiveTab(page, 'wizard-tab-strategy')).toBe(true);
    await page.getByTestId('strategy-diagram').getByTestId('wizard-diagram-node').first().waitFor();
    expect(await page.getByTestId('strategy-diagram').getByTestId('wizard-diagram-node').count()).toBe(13);
    expect(await page.getByTestId('strategy-depth').innerText()).toBe('2 tiers');
    const zoom = await page.getByTestId('zoom-level').innerText();
    await page.getByTestId('zoom-out').click();
    await expect.poll(() => page.getByTestId('zoom-level').innerText()).not.toBe(zoom);
    await page.getByTestId('auto-layout').click();
    await saveScreenshot(page, 'wizard-editor-strategy');
    // Download Diagram: the strategy's JSON document, as Upload Diagrams reads it.
    const downloaded = await downloadedText(page, () => page.getByTestId('download-diagram').click());
    expect(downloaded.name).toBe('2-Tier Web 2.0 Pyramid.json');
    expect((JSON.parse(downloaded.text) as { cells: unknown[] }).cells).toHaveLength(25);
    // Save Wizard is offered on a wizard route.
    await page.getByTestId('save-wizard').waitFor();

    // Links & Keywords: tier 1 valid (with a second anchor type), tier 2 breaking max ≥ min.
    await page.getByTestId('wizard-tab-linksAndKeywords').click();
    await page.getByTestId('linksAndKeywords-tier1').waitFor();
    await page.getByTestId('links-1-tags').fill('garden, tools, garden');
    await page.getByTestId('link-set-1-urls').fill('https://money.example.com/rakes');
    await page.getByTestId('link-set-1-primaryKeyword').fill('garden rakes');
    await page.getByTestId('link-set-1-secondaryPercentage').fill('30');
    await page.getByTestId('link-set-1-secondaryKeyword').fill('best rakes');
    await page.getByTestId('link-set-1-brandedPercentage').click();
    await expect.poll(() => page.getByTestId('link-set-1-primaryPercentage').inputValue()).toBe('70');
    // Add a link set (confirmed), then remove it (confirmed).
    await page.getByTestId('add-link-set').first().click();
    await page.getByText(WIZARD_MESSAGES.addLinkSetConfirm).waitFor();
    await clickSettled(page.getByTestId('confirm-add-link-set'));
    await page.getByTestId('link-set-tab-2').waitFor();
    await page.getByTestId('link-set-tab-2').locator('xpath=ancestor::div[contains(@class,"ant-tabs-tab")]').locator('.ant-tabs-tab-remove').click();
    await page.getByText(WIZARD_MESSAGES.removeLinkSetConfirm).waitFor();
    await clickSettled(page.getByTestId('confirm-remove-link-set'));
    await page.getByTestId('link-set-tab-2').waitFor({ state: 'detached' });
    await page.getByTestId('linksAndKeywords-tier2').click();
    await page.getByTestId('links-2-tags').fill('tier two');
    await page.getByTestId('links-2-minLinks').fill('5');
    await page.getByTestId('links-2-maxLinks').fill('2');

    // Create Campaign stops at Links & Keywords and opens tier 2 with the message (before the
    // 1000 ms debounce has passed: the typed values are committed first).
    await page.getByTestId('wizard-tab-strategy').click();
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixProblems);
    await expectActiveTab(page, 'wizard-tab-linksAndKeywords');
    await expectActiveTab(page, 'linksAndKeywords-tier2');
    await fieldMessage(page, 'linksAndKeywords.1.maxLinks').filter({ hasText: WIZARD_MESSAGES.maxBelowMin }).waitFor();
    await saveScreenshot(page, 'wizard-editor-links-error');
    await page.getByTestId('links-2-maxLinks').fill('6');
    await fieldMessage(page, 'linksAndKeywords.1.maxLinks').waitFor({ state: 'detached' });

    // Content: the next failing tab; a content group on each tier.
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixProblems);
    await expectActiveTab(page, 'wizard-tab-content');
    await expectActiveTab(page, 'content-tier1');
    await fieldMessage(page, 'content.0.contentGroupId').filter({ hasText: WIZARD_MESSAGES.contentGroupRequired }).waitFor();
    await chooseOption(page, 'content-1-group', 'Garden articles');
    await page.getByTestId('content-1-insertImages').click();
    expect(await page.getByTestId('content-1-minImage').inputValue()).toBe('1');
    await page.getByTestId('content-1-keywordsForImage').fill('garden rake');
    await page.getByTestId('content-tier2').click();
    await chooseOption(page, 'content-2-group', 'Garden articles');

    // Sites: tier 1 picks a site by hand (premium sites their own group, first); tier 2 a Site Selection
    // Profile without choosing one, which the check refuses on the Sites tab, tier 2.
    await page.getByTestId('wizard-tab-sites').click();
    await page.getByTestId('sites-type-1-3').click();
    await page.getByTestId('site-row').first().waitFor();
    expect(await page.getByTestId('site-row').allInnerTexts()).toEqual([expect.stringContaining('premium-blog'), expect.stringContaining('plain-blog')]);
    expect(await page.getByTestId('site-group').first().getAttribute('data-group')).toBe('g:premium');
    await page.locator(`[data-testid="site-row"][data-key="SocialNetwork:${plainSite.site.id}"] input[type=checkbox]`).check();
    await page.getByTestId('sites-tier2').click();
    await page.getByTestId('sites-type-2-2').click();
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixProblems);
    await expectActiveTab(page, 'sites-tier2');
    await fieldMessage(page, 'tierSiteSelection.1.siteSelectionId').filter({ hasText: WIZARD_MESSAGES.siteSelectionRequired }).waitFor();
    await page.getByTestId('sites-type-2-1').click();
    await page.getByTestId('sites-tier1').click();
    expect(await page.locator(`[data-testid="site-row"][data-key="SocialNetwork:${plainSite.site.id}"]`).getAttribute('aria-selected')).toBe('true');

    // Accounts: clicking a tier-2 node opens its tier and project tab; one node uses existing accounts.
    await page.getByTestId('wizard-tab-accounts').click();
    const accountsNode = page.getByTestId('accounts-diagram').getByTestId('wizard-diagram-node');
    await accountsNode.first().waitFor();
    const tier2Node = accountsNode.filter({ hasText: 'Web 2.0 Profile' }).first();
    const label = await tier2Node.getAttribute('data-label');
    await tier2Node.click();
    await expect.poll(() => isActiveTab(page, 'accounts-tier2')).toBe(true);
    const activeProject = page.locator('[data-testid="accounts-projects-2"] .ant-tabs-tab-active');
    expect(await activeProject.innerText()).toContain(label);
    await expect.poll(() => accountsNode.filter({ hasText: label ?? '' }).first().getAttribute('data-active')).toBe('true');
    // Existing accounts need a profile: the check opens this tier and project with the message.
    const projectId = (await activeProject.locator('[data-testid^="project-tab-"]').getAttribute('data-testid'))?.replace('project-tab-', '') ?? '';
    await page.getByTestId(`project-${projectId}-mode-existing`).click();
    await saveScreenshot(page, 'wizard-editor-accounts');
    await page.getByTestId('accounts-tier1').click();
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixProblems);
    await expect.poll(() => isActiveTab(page, 'accounts-tier2')).toBe(true);
    await page.locator('.ant-form-item-explain-error').filter({ hasText: WIZARD_MESSAGES.profileRequired }).first().waitFor();
    await page.getByTestId(`project-${projectId}-mode-new`).click();

    // Emails: Manual shows the mailbox fields with port 995 and SSL on and checks them; back to the default source.
    await page.getByTestId('wizard-tab-emails').click();
    await page.getByTestId('email-source-MANUAL').click();
    expect(await page.getByTestId('email-port').inputValue()).toBe('995');
    expect(await page.getByTestId('email-ssl').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('wizard-tab-strategy').click();
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixProblems);
    await expectActiveTab(page, 'wizard-tab-emails');
    await fieldMessage(page, 'emailAccount.emailServer').filter({ hasText: WIZARD_MESSAGES.emailServerRequired }).waitFor();
    // Download From Email List fills the mailbox from the email manager's next unused address.
    await callAs(page, baseUrl, 'PUT', '/rest/user_emails', {
      address: 'verify@mail.example.com', login: 'verify', password: 'secret', server: 'mail.example.com', port: 993, protocol: 'imap', ssl: true,
      checkSpamFolder: false, spamFolderName: '',
    });
    await page.getByTestId('download-email-list').click();
    await expect.poll(() => page.getByTestId('email-address').inputValue()).toBe('verify@mail.example.com');
    expect(await page.getByTestId('email-server').inputValue()).toBe('mail.example.com');
    expect(await page.getByTestId('email-port').inputValue()).toBe('993');
    await fieldMessage(page, 'emailAccount.emailServer').waitFor({ state: 'detached' });
    await page.getByTestId('email-check-spam').click();
    await page.getByTestId('email-spam-folder').waitFor();
    await page.getByTestId('email-source-LINKLOOM').click();
    await page.getByTestId('generate-random-info').click();
    await expect.poll(() => page.getByTestId('identity-username').inputValue()).not.toBe('');

    // Indexer: a ticked tier needs a service.
    await page.getByTestId('wizard-tab-indexer').click();
    await page.getByTestId('indexer-2-use').click();
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixProblems);
    await fieldMessage(page, 'indexer.1.indexers').filter({ hasText: WIZARD_MESSAGES.indexersRequired }).waitFor();
    await page.getByTestId('indexer-2-use').click();

    // Schedule: a new wizard starts now (issue 35); choosing a date offers the spec's default one.
    await page.getByTestId('wizard-tab-schedule').click();
    expect(await page.getByTestId('schedule-nday').inputValue()).toBe('1');
    expect(await page.locator('[data-testid="schedule-start-mode"] .ant-radio-wrapper-checked').innerText()).toBe('Start now');
    expect(await page.getByTestId('schedule-start-date').count()).toBe(0);
    await page.getByTestId('schedule-start-at').click();
    expect(await page.getByTestId('schedule-start-date').inputValue()).not.toBe('');
    await page.getByTestId('schedule-start-now').click();

    // Confirm: the campaign name is required ('Fixed …' toast).
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixedProblems);
    await expectActiveTab(page, 'wizard-tab-confirm');
    await fieldMessage(page, 'campaignName').filter({ hasText: WIZARD_MESSAGES.campaignNameRequired }).waitFor();
    await page.getByTestId('confirm-campaign-name').fill('Rakes campaign');
    expect(await page.getByTestId('confirm-wizard-name').inputValue()).toBe('Pyramid editor');

    // Tier 2's modules have a site each: a tier with none to post to stops Create Campaign (issue 35).
    await callAs(page, baseUrl, 'PUT', '/rest/custom_sites', { url: 'https://plain-profiles.example.com', module: 'WebProfile' });
    await callAs(page, baseUrl, 'PUT', '/rest/custom_sites', { url: 'https://plain-marks.example.com', module: 'Bookmarking' });

    // Save Wizard, then open it afresh: the values are back.
    await page.getByTestId('save-wizard').click();
    await page.getByText(`Successfully ${WIZARD_MESSAGES.saved}`).waitFor();
    await visit(page, baseUrl, '/xwizards');
    await waitForRoute(page, '/xwizards');
    await visit(page, baseUrl, route);
    await editor.waitFor();
    await page.getByTestId('wizard-tab-linksAndKeywords').click();
    expect(await page.getByTestId('links-1-tags').inputValue()).toBe('garden, tools, garden');
    expect(await page.getByTestId('link-set-1-urls').inputValue()).toBe('https://money.example.com/rakes');
    expect(await page.getByTestId('link-set-1-secondaryPercentage').inputValue()).toBe('30');
    expect(await page.getByTestId('link-set-1-primaryPercentage').inputValue()).toBe('70');
    await page.getByTestId('linksAndKeywords-tier2').click();
    expect(await page.getByTestId('links-2-maxLinks').inputValue()).toBe('6');
    await page.getByTestId('wizard-tab-sites').click();
    await page.locator(`[data-testid="site-row"][data-key="SocialNetwork:${plainSite.site.id}"][aria-selected="true"]`).waitFor();
    await page.getByTestId('wizard-tab-content').click();
    expect(await page.getByTestId('content-1-group').innerText()).toContain('Garden articles');
    expect(await page.getByTestId('content-1-keywordsForImage').inputValue()).toBe('garden rake');
    await page.getByTestId('wizard-tab-confirm').click();
    expect(await page.getByTestId('confirm-campaign-name').inputValue()).toBe('Rakes campaign');

    // Unsaved changes are not lost silently: leaving asks first.
    await page.getByTestId('confirm-campaign-name').fill('Rakes campaign 2');
    await page.getByTestId('page-header').locator('.ant-breadcrumb a').filter({ hasText: 'Wizards' }).click();
    await clickSettled(page.getByTestId('stay-unsaved'));
    // Still here, on the tab the address names (issue 39.1).
    expect(routeOf(page.url())).toBe(`${route}?tab=confirm`);

    // Create Campaign lands on the new campaign.
    await page.getByTestId('create-campaign').click();
    await page.waitForURL((url) => /^\/campaign\/\d+$/.test(routeOf(url.toString())), { timeout: 30_000 });
    await page.getByTestId('page-title').filter({ hasText: 'Rakes campaign 2' }).waitFor();
    const campaignId = routeOf(page.url()).split('/').pop() ?? '';

    // Duplicate it: no Save Wizard, 'Also create wizard' offered, the start date cleared (so the
    // Schedule tab stops Create), the campaign name from the query.
    await visit(page, baseUrl, `/duplicatecampaign/${campaignId}?campaignName=Rakes%20copy&useSameAccounts=true`);
    await editor.waitFor();
    // The browser tab names this screen and its campaign, not the page before (issue 39 item 5).
    await expect.poll(() => page.title()).toBe('Duplicate campaign: Rakes copy - LinkLoom');
    expect(await page.getByTestId('save-wizard').count()).toBe(0);
    await page.getByTestId('create-campaign').click();
    await expectToast(page, WIZARD_MESSAGES.fixedProblems);
    await expectActiveTab(page, 'wizard-tab-schedule');
    await fieldMessage(page, 'startDate').filter({ hasText: WIZARD_MESSAGES.startDateRequired }).waitFor();
    await page.getByTestId('schedule-start-date').click();
    await page.getByTestId('schedule-start-date').fill('17/05/2030');
    await page.keyboard.press('Enter');
    await page.getByTestId('schedule-start-time').click();
    await page.getByTestId('schedule-start-time').fill('09:30');
    await page.keyboard.press('Enter');
    await fieldMessage(page, 'startTime').waitFor({ state: 'detached' });
    await page.getByTestId('wizard-tab-confirm').click();
    expect(await page.getByTestId('confirm-campaign-name').inputValue()).toBe('Rakes copy');
    await page.getByTestId('confirm-save-wizard').waitFor();
    await page.getByTestId('create-campaign').click();
    await page.waitForURL((url) => /^\/campaign\/\d+$/.test(routeOf(url.toString())) && routeOf(url.toString()) !== `/campaign/${campaignId}`, { timeout: 30_000 });
    await page.getByTestId('page-title').filter({ hasText: 'Rakes copy' }).waitFor();

    // A new campaign from a strategy: the name from the query, no Save Wizard.
    await visit(page, baseUrl, '/newcampaign/1?campaignName=Fresh%20start');
    await editor.waitFor();
    expect(await page.getByTestId('save-wizard').count()).toBe(0);
    await page.getByTestId('wizard-tab-confirm').click();
    expect(await page.getByTestId('confirm-campaign-name').inputValue()).toBe('Fresh start');
    // Changing strategy asks first: Cancel keeps the current one, OK re-initialises the tiers.
    await page.getByTestId('wizard-tab-strategy').click();
    await page.getByTestId('strategy-select').click();
    await page.getByTestId('strategy-option-2').click();
    await page.getByText(WIZARD_MESSAGES.changeStrategyConfirm).waitFor();
    await clickSettled(page.getByTestId('cancel-change-strategy'));
    expect(await page.getByTestId('strategy-depth').innerText()).toBe('2 tiers');
    await page.getByTestId('strategy-select').click();
    await page.getByTestId('strategy-option-2').click();
    await clickSettled(page.getByTestId('confirm-change-strategy'));
    await expect.poll(() => page.getByTestId('strategy-depth').innerText()).toBe('3 tiers');
    await page.getByTestId('wizard-tab-content').click();
    await page.getByTestId('content-tier3').waitFor();
    await page.getByTestId('wizard-tab-confirm').click();
    expect(await page.getByTestId('confirm-campaign-name').inputValue()).toBe('Fresh start');

    // A new wizard from a strategy: Save Wizard stores it and opens it under its id. Typing another
    // address while the campaign above has changes asks first (the unsaved-changes guard).
    await visit(page, baseUrl, '/newwizard/4?wizardName=Wheel%20wizard&campaignName=Wheel');
    await clickSettled(page.getByTestId('leave-unsaved'));
    await editor.waitFor();
    await page.getByTestId('page-title').filter({ hasText: 'Wizard: Wheel wizard' }).waitFor();
    await page.getByTestId('save-wizard').click();
    await page.waitForURL((url) => /^\/xwizard\/\d+$/.test(routeOf(url.toString())) && routeOf(url.toString()) !== route);
    await page.getByTestId('wizard-tab-confirm').click();
    expect(await page.getByTestId('confirm-campaign-name').inputValue()).toBe('Wheel');

    // A campaign the wizard did not make cannot be duplicated here.
    const plain = await callAs(page, baseUrl, 'PUT', '/rest/campaigns', { name: 'Hand made' }) as { id: number };
    await visit(page, baseUrl, `/duplicatecampaign/${plain.id}`);
    await page.getByTestId('wizard-init-failed').filter({ hasText: WIZARD_MESSAGES.notWizardCampaign }).waitFor();
    expect(pageErrors).toEqual([]);
  // One walk through every tab and route of the editor: longer than the default on 2 shared cores.
  }, 240_000);
  test('the open wizard follows another window: rename shown, a save adopted when clean and offered when not, delete leaves', async (ctx) => {
    const { baseUrl } = suite.server;
    const other = await suite.signedInPage(ctx, '/xwizards');
    const list = await callAs(other.page, baseUrl, 'GET', '/rest/xwizards') as { strategies: { id: number; name: string }[] };
    const strategyId = list.strategies.find((s) => s.name === '2-Tier Web 2.0 Pyramid')?.id;
    const made = await callAs(other.page, baseUrl, 'PUT', '/rest/xwizards', { name: 'Live wizard', strategyId }) as { id: number };
    const route = `/xwizard/${made.id}`;
    const { page, pageErrors } = await suite.signedInPage(ctx, route);
    await page.getByTestId('wizard-editor').waitFor();
    await page.getByTestId('page-title').filter({ hasText: 'Wizard: Live wizard' }).waitFor();
    const title = page.getByTestId('page-title');
    const savedElsewhere = async (change: Record<string, unknown>) => {
      const { wizard } = await callAs(other.page, baseUrl, 'GET', `/rest/xwizards/${made.id}`) as { wizard: Record<string, unknown> };
      await callAs(other.page, baseUrl, 'POST', `/rest/xwizards/${made.id}`, { ...wizard, ...change });
    };

    // Renamed elsewhere: the title and the name field follow.
    await callAs(other.page, baseUrl, 'POST', '/rest/xwizard/rename', { id: made.id, name: 'Live wizard renamed' });
    await page.getByTestId('wizard-live-toast').filter({ hasText: "renamed to 'Live wizard renamed'" }).waitFor();
    await title.filter({ hasText: 'Wizard: Live wizard renamed' }).waitFor();
    await page.getByTestId('wizard-tab-confirm').click();
    expect(await page.getByTestId('confirm-wizard-name').inputValue()).toBe('Live wizard renamed');

    // Saved elsewhere while this window has no edits: the saved version shows.
    await savedElsewhere({ name: 'Live wizard renamed', campaignName: 'From the other window' });
    await page.getByTestId('wizard-live-toast').filter({ hasText: 'showing the saved version' }).waitFor();
    await expect.poll(() => page.getByTestId('confirm-campaign-name').inputValue()).toBe('From the other window');

    // Saved elsewhere while this window has unsaved edits: offered, never applied silently.
    await page.getByTestId('confirm-campaign-name').fill('Typed here');
    await savedElsewhere({ name: 'Live wizard renamed', campaignName: 'Second save elsewhere' });
    await page.getByTestId('wizard-saved-elsewhere').waitFor();
    expect(await page.getByTestId('confirm-campaign-name').inputValue()).toBe('Typed here');
    await page.getByTestId('wizard-keep-mine').click();
    await page.getByTestId('wizard-saved-elsewhere').waitFor({ state: 'detached' });
    expect(await page.getByTestId('confirm-campaign-name').inputValue()).toBe('Typed here');
    // The edits are still unsaved: leaving asks.
    await page.getByTestId('page-header').locator('.ant-breadcrumb a').filter({ hasText: 'Wizards' }).click();
    await clickSettled(page.getByTestId('stay-unsaved'));
    expect(routeOf(page.url())).toBe(`${route}?tab=confirm`);
    // Another save elsewhere, this time reloaded on request.
    await savedElsewhere({ name: 'Live wizard renamed', campaignName: 'Third save elsewhere' });
    await page.getByTestId('wizard-saved-elsewhere').waitFor();
    await page.getByTestId('wizard-reload-saved').click();
    await expect.poll(() => page.getByTestId('confirm-campaign-name').inputValue()).toBe('Third save elsewhere');
    await page.getByTestId('wizard-saved-elsewhere').waitFor({ state: 'detached' });

    // This window's own Save Wizard is no 'saved elsewhere'.
    await page.getByTestId('confirm-campaign-name').fill('Saved here');
    await page.getByTestId('save-wizard').click();
    await page.getByText(`Successfully ${WIZARD_MESSAGES.saved}`).waitFor();

    // Deleted elsewhere: a message and back to the list.
    await callAs(other.page, baseUrl, 'DELETE', '/rest/xwizards', [made.id]);
    await page.getByTestId('wizard-live-toast').filter({ hasText: 'deleted in another window' }).waitFor();
    await waitForRoute(page, '/xwizards');
    expect(await page.getByTestId('wizard-saved-elsewhere').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
