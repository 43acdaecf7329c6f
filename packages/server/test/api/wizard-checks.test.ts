/**
 * The wizard checks before it creates (issue 35 item 3), on both databases: GET /rest/xwizard/counts
 * answers what the Confirm tab weighs the plan against (the user's own only), and PUT
 * /action/create/xcampaign refuses the Confirm tab's blockers with the same messages and creates
 * nothing, while shortages (mailboxes, articles) do not stop it; "Start now" starts tier 1 at once.
 */
import { describe, expect, it } from 'vitest';
import {
  WIZARD_CHECK_MESSAGES as C, WizardCountsSchema, WizardCreateCampaignResponseSchema, WizardFieldErrorsResponseSchema, parseWireDate, type Wizard,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildContentGroup } from '../support/project-factories';
import { buildPrivateNetwork } from '../support/private-network-factories';
import { filledWizard } from '../support/wizard-factories';
import type { Agent } from '../support/agent';

/** The built-in 'Wiki + Bookmark Wheel': 4 wikis on tier 1, 8 bookmarks on tier 2. */
const WHEEL = 4;

describe.each(DATABASES)('wizard checks on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  const site = async (agent: Agent, url: string, module: string) => {
    const response = await agent.request('PUT', '/rest/custom_sites', { body: { url, module } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return (response.json() as { site: { id: number } }).site.id;
  };
  const mailbox = (agent: Agent, address: string) => agent.request('PUT', '/rest/user_emails', {
    body: { address, login: address, password: 'pw', server: 'mail.example.com', port: 993, protocol: 'imap', ssl: true, checkSpamFolder: false, spamFolderName: '' },
  });
  const campaigns = async () => Number((await db().selectFrom('campaigns').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.skipIf(skip)("counts the user's sites per module, a selection's and a network's sites, articles and mailboxes; another user's ids are left out", async () => {
    await site(ann.agent, 'wiki-one.example.com', 'Wiki');
    await site(ann.agent, 'wiki-two.example.com', 'Wiki');
    const marks = await site(ann.agent, 'marks.example.com', 'Bookmarking');
    const selection = (await ann.agent.request('PUT', '/rest/site_selections', { body: { name: 'Marks only' } })).json() as { siteSelection: { id: number } };
    const selectionId = selection.siteSelection.id;
    const saved = await ann.agent.request('POST', `/rest/site_selections/${selectionId}`, {
      body: { siteSelection: { name: 'Marks only', siteSelectionType: 'Manually' }, selectedSites: [{ id: { siteId: marks, module: 'Bookmarking' }, siteSelectionId: selectionId }], selectedPlatforms: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const group = await buildContentGroup(db(), { ownerId: ann.id, articles: 3 });
    await db().updateTable('content_groups').set({ max_usage_per_article: 3 }).where('id', '=', group.id).execute();
    await db().updateTable('articles').set({ usage_count: 1 }).where('id', '=', (await db().selectFrom('articles').select('id').where('content_group_id', '=', group.id).executeTakeFirstOrThrow()).id).execute();
    const articles = 3;
    const network = await buildPrivateNetwork(db(), { ownerId: ann.id, sites: [{ siteUrl: 'https://pbn1.example', email: 'a@pbn.example' }] });
    await mailbox(ann.agent, 'one@mail.example.com');
    await mailbox(ann.agent, 'writer.*@mail.example.com');
    const bobGroup = await buildContentGroup(db(), { ownerId: bob.id });

    const response = await ann.agent.request('GET', `/rest/xwizard/counts?siteSelectionIds=${selectionId}&contentGroupIds=${group.id},${bobGroup.id}&privateNetworkIds=${network.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const counts = WizardCountsSchema.parse(response.json());
    expect(counts.sites).toMatchObject({ Wiki: 2, Bookmarking: 1, SocialNetwork: 0 });
    expect(counts.siteSelections).toEqual([{ id: selectionId, name: 'Marks only', sites: expect.objectContaining({ Bookmarking: 1, Wiki: 0 }) }]);
    expect(counts.privateNetworks).toEqual([{ id: network.id, name: expect.any(String), sites: 1 }]);
    expect(counts.contentGroups).toEqual([{ id: group.id, name: expect.any(String), articles, unused: articles - 1, usesLeft: articles * 3 - 1 }]);
    expect(counts.mailboxes).toEqual({ unused: 1, catchAll: true });

    const bobs = WizardCountsSchema.parse((await bob.agent.request('GET', `/rest/xwizard/counts?siteSelectionIds=${selectionId}&contentGroupIds=${group.id}&privateNetworkIds=${network.id}`)).json());
    expect(bobs).toEqual({ sites: expect.objectContaining({ Wiki: 0 }), siteSelections: [], privateNetworks: [], contentGroups: [], mailboxes: { unused: 0, catchAll: false } });
    expect((await ann.agent.request('GET', '/rest/xwizard/counts?contentGroupIds=1;2')).statusCode).toBe(422);
  });

  it.skipIf(skip)('refuses a tier with no site to post to with the Confirm tab\'s message, and creates nothing', async () => {
    const wizard = await filledWizard(db(), bob.agent, bob.id, WHEEL);
    const noSites: Wizard = { ...wizard, tierSiteSelection: [wizard.tierSiteSelection[0]!, { type: 3, selectedSites: [], siteSelectionId: null }] };
    const before = await campaigns();
    const refused = await bob.agent.request('PUT', '/action/create/xcampaign', { body: { wizard: noSites } });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(WizardFieldErrorsResponseSchema.parse(refused.json())).toEqual({
      error: [{ tab: 'sites', tier: 2, field: 'tierSiteSelection.1.type', message: C.tierNoSite(2, 'Bookmarking') }],
      tab: 'sites', tier: 2, toast: C.blockedToast,
    });
    expect(C.tierNoSite(2, 'Bookmarking')).toBe('Tier 2 has no site to post to: pick sites for it on the Sites tab, or add Bookmarking sites');
    expect(await campaigns()).toBe(before);
  });

  it.skipIf(skip)('creates in spite of shortages (no mailbox for Auto Download From Email List); Start now starts tier 1 at once', async () => {
    const wizard = await filledWizard(db(), bob.agent, bob.id, WHEEL);
    const answer = await bob.agent.request('PUT', '/action/create/xcampaign', { body: { wizard: { ...wizard, emailSource: 'LIST', startNow: true, startDate: null } } });
    expect(answer.statusCode, answer.body).toBe(200);
    const { campaignId } = WizardCreateCampaignResponseSchema.parse(answer.json());
    const fixed = (await db().selectFrom('projects').select(['schedule', 'next_run_at']).where('campaign_id', '=', campaignId).execute())
      .map((row) => ({ schedule: JSON.parse(row.schedule ?? '{}') as { scheduleType: string; startDate?: string }, nextRunAt: Number(row.next_run_at) }))
      .filter((row) => row.schedule.scheduleType === 'FixedDate');
    expect(fixed.length).toBeGreaterThan(0);
    for (const row of fixed) {
      // Due already: the start job fires at once.
      expect(row.nextRunAt).toBe(parseWireDate(row.schedule.startDate!)!.getTime());
      expect(row.nextRunAt).toBeLessThanOrEqual(Date.now());
    }
  });
});
