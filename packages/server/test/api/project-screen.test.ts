import { describe, expect, it } from 'vitest';
import {
  AccountCreationFormSchema, ContentProjectFormSchema, INDEXNOW_ENGINES, IndexerProjectFormSchema, PrivateSiteStatusResponseSchema,
  ProjectScreenSchema, type ProjectScreen,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { buildLinkSet } from '../support/link-factories';
import { buildContentGroup, buildProjectSites, buildSites } from '../support/project-factories';
import { PRIVATE_PROJECTS_ONLY } from '../../src/features/projects/private-site-status';

describe.each(DATABASES)('project screens (GET /rest/project/{id}) on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;

  async function screenOf(id: number, agent = ann.agent): Promise<ProjectScreen> {
    const response = await agent.request('GET', `/rest/project/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return ProjectScreenSchema.parse(response.json());
  }

  it.skipIf(skip)('shows a new posting project with defaults, its campaign, siblings, choices and the sites of its module', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id, name: 'Spring' });
    const other = await buildCampaign(db(), { ownerId: ann.id, name: 'Autumn' });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Blogs', module: 'SocialNetwork' });
    const sibling = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Wiki one', module: 'Wiki', status: 'COMPLETED' });
    await buildProject(db(), { ownerId: ann.id, campaignId: other.id, name: 'Elsewhere' });
    const profile = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Accounts', accounts: 2 });
    await buildProfile(db(), { ownerId: ann.id, campaignId: other.id, name: 'Other accounts' });
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Money', links: [{ url: 'https://a.test' }] });
    const group = await buildContentGroup(db(), { ownerId: ann.id, name: 'Articles', articles: 3 });
    const { sites } = await buildSites(db(), { ownerId: ann.id, module: 'SocialNetwork', platform: 'WordPress', count: 3, prefix: 'blog' });
    await buildSites(db(), { ownerId: ann.id, module: 'Private', count: 2 });
    await buildSites(db(), { ownerId: bob.id, module: 'SocialNetwork', count: 2 });
    await buildCampaign(db(), { ownerId: bob.id, name: "Bob's campaign" });
    await buildProjectSites(db(), { ownerId: ann.id, projectId: id }, [
      { key: `SocialNetwork:${sites[1]!.id}`, checked: true, status: 'SUCCESS', waitInfo: '2 of 5 posts' },
      { key: `SocialNetwork:${sites[2]!.id}`, checked: false, status: 'FAILED' },
    ]);

    const screen = await screenOf(id);
    expect(screen.kind).toBe('postingproject');
    if (screen.kind !== 'postingproject') return;
    expect(screen.project).toEqual({
      id, campaignId: campaign.id, name: 'Blogs', module: 'SocialNetwork', status: 'NEW', lastError: [], schedule: null,
      ...ContentProjectFormSchema.parse({}), selectedCampaignId: campaign.id,
    });
    expect(screen.campaign).toEqual({ id: campaign.id, name: 'Spring' });
    expect(screen.siblings).toEqual([{ id: sibling, name: 'Wiki one', module: 'Wiki', status: 'COMPLETED' }]);
    expect(screen.campaigns).toEqual(expect.arrayContaining([{ id: campaign.id, name: 'Spring' }, { id: other.id, name: 'Autumn' }]));
    expect(screen.campaigns).toHaveLength(2);
    expect(screen.selectedCampaignId).toBe(campaign.id);
    expect(screen.profiles).toEqual([{ id: profile.id, name: 'Accounts', count: 2 }]);
    expect(screen.urlLists).toEqual([{ id: linkSet.id, name: 'Money', count: 1 }]);
    expect(screen.contentGroups).toEqual([{ id: group.id, name: 'Articles', count: 3 }]);
    expect(screen.sites).toEqual(sites.map((site, i) => ({
      key: `SocialNetwork:${site.id}`, id: { module: 'SocialNetwork', siteId: site.id }, module: 'SocialNetwork', platform: 'WordPress',
      siteUrl: `https://blog-${i + 1}.example.test`, email: '', pr: null, dofollow: null,
      checked: i === 1, status: ['NONE', 'SUCCESS', 'FAILED'][i], waitInfo: i === 1 ? '2 of 5 posts' : null,
    })));

    // A premium custom site of the module says so (the grid lists premium sites first, as their own group).
    const added = await ann.agent.request('PUT', '/rest/custom_sites', { body: { url: 'https://premium-blog.example.test', module: 'SocialNetwork', premium: true } });
    const premiumId = (added.json() as { site: { id: number } }).site.id;
    const again = await screenOf(id);
    expect(again.sites.filter((row) => row.premium === true).map((row) => row.key)).toEqual([`SocialNetwork:${premiumId}`]);
    expect(again.sites).toHaveLength(4);
  });

  it.skipIf(skip)("shows the selected campaign's profiles, link set profiles under their current names, and forgets deleted choices", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const other = await buildCampaign(db(), { ownerId: ann.id });
    const otherProfile = await buildProfile(db(), { ownerId: ann.id, campaignId: other.id, name: 'Theirs' });
    const input = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Old name' });
    const gone = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Gone soon' });
    const output = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Output' });
    const group = await buildContentGroup(db(), { ownerId: ann.id });
    const settings = {
      selectedCampaignId: other.id, profileId: otherProfile.id, urlListId: output.id, contentGroupId: group.id, useLinkSet: true,
      linkSetProfiles: [
        { linkSetId: input.id, name: 'Old name', minLinks: 1, maxLinks: 2, linkProb: 50 },
        { linkSetId: gone.id, name: 'Gone soon', minLinks: 1, maxLinks: 3, linkProb: 100 },
      ],
      tags: 'a,b',
    };
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Bookmarking', settings: JSON.stringify(settings) });
    await db().updateTable('url_lists').set({ name: 'New name' }).where('id', '=', input.id).execute();
    await db().deleteFrom('url_lists').where('id', '=', gone.id).execute();

    const screen = await screenOf(id);
    if (screen.kind !== 'postingproject') throw new Error(screen.kind);
    expect(screen.selectedCampaignId).toBe(other.id);
    expect(screen.profiles).toEqual([{ id: otherProfile.id, name: 'Theirs', count: 0 }]);
    expect(screen.project).toMatchObject({ selectedCampaignId: other.id, profileId: otherProfile.id, urlListId: output.id, contentGroupId: group.id, tags: 'a,b' });
    expect(screen.project.linkSetProfiles).toEqual([{ linkSetId: input.id, name: 'New name', minLinks: 1, maxLinks: 2, linkProb: 50 }]);

    await db().deleteFrom('content_groups').where('id', '=', group.id).execute();
    await db().deleteFrom('campaigns').where('id', '=', other.id).execute();
    const after = await screenOf(id);
    if (after.kind !== 'postingproject') throw new Error(after.kind);
    expect(after.project).toMatchObject({ selectedCampaignId: campaign.id, profileId: null, contentGroupId: null, urlListId: output.id });
    expect(after.selectedCampaignId).toBe(campaign.id);
  });

  it.skipIf(skip)('shows a private project: the networks to choose from, and the chosen network\'s sites by site id and email', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const { networkId, sites } = await buildSites(db(), { ownerId: ann.id, module: 'Private', platform: 'WordPress', count: 2, prefix: 'pn' });
    const second = await buildSites(db(), { ownerId: ann.id, module: 'PrivateBookmark', platform: 'Unknown', count: 1 });
    const network = await db().selectFrom('private_networks').select(['id', 'name']).where('id', '=', networkId).executeTakeFirstOrThrow();
    const secondNetwork = await db().selectFrom('private_networks').select(['id', 'name']).where('id', '=', second.networkId).executeTakeFirstOrThrow();
    const empty = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private' });
    const emptyScreen = await screenOf(empty);
    if (emptyScreen.kind !== 'privateproject') throw new Error(emptyScreen.kind);
    expect(emptyScreen.sites).toEqual([]);
    expect(emptyScreen.project.profileId).toBeNull();
    expect(emptyScreen.profiles).toEqual(expect.arrayContaining([{ ...network, count: 2 }, { ...secondNetwork, count: 1 }]));
    expect(emptyScreen).not.toHaveProperty('campaigns');

    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private', settings: JSON.stringify({ profileId: networkId }) });
    await buildProjectSites(db(), { ownerId: ann.id, projectId: id }, [{ key: `${sites[0]!.id}:${sites[0]!.email}`, checked: true, status: 'RUNNING', waitInfo: 'next post at 14:30' }]);
    const screen = await screenOf(id);
    expect(screen.sites).toEqual([
      {
        key: `${sites[0]!.id}:owner1@example.test`, id: { siteId: sites[0]!.id, email: 'owner1@example.test' }, module: 'Private', platform: 'WordPress',
        siteUrl: 'https://pn-1.example.test', email: 'owner1@example.test', pr: null, dofollow: null, checked: true, status: 'RUNNING', waitInfo: 'next post at 14:30',
      },
      {
        key: `${sites[1]!.id}:owner2@example.test`, id: { siteId: sites[1]!.id, email: 'owner2@example.test' }, module: 'Private', platform: 'WordPress',
        siteUrl: 'https://pn-2.example.test', email: 'owner2@example.test', pr: null, dofollow: null, checked: false, status: 'NONE', waitInfo: null,
      },
    ]);
  });

  it.skipIf(skip)("shows an account creation project: the campaign's profiles, every site of the user, the email defaults", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const profile = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Store', accounts: 1 });
    const wiki = await buildSites(db(), { ownerId: ann.id, module: 'Wiki', platform: 'MediaWiki', count: 1 });
    const blogs = await buildSites(db(), { ownerId: ann.id, module: 'Private', count: 1 });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation' });
    const screen = await screenOf(id);
    if (screen.kind !== 'acproject') throw new Error(screen.kind);
    expect(screen.project).toMatchObject({ ...AccountCreationFormSchema.parse({}), status: 'NEW' });
    expect(screen.project.verificationInfo).toMatchObject({ emailServerPort: 995, SSL: true, mailProtocol: 'pop3', spamFolderName: 'Spam' });
    expect(screen.profiles).toEqual([{ id: profile.id, name: 'Store', count: 1 }]);
    const keys = screen.sites.map((site) => site.key);
    expect(keys).toEqual(expect.arrayContaining([`Wiki:${wiki.sites[0]!.id}`, `Private:${blogs.sites[0]!.id}`]));
    expect(screen.sites.find((site) => site.module === 'Wiki')).toMatchObject({ platform: 'MediaWiki', id: { module: 'Wiki', siteId: wiki.sites[0]!.id }, checked: false });
  });

  it.skipIf(skip)("shows an indexer project: the campaign's URL lists and the IndexNow endpoints as its sites", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'To index' });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Indexer', settings: JSON.stringify({ linkSetId: linkSet.id }) });
    await buildProjectSites(db(), { ownerId: ann.id, projectId: id }, [{ key: 'Indexer:2', checked: true, status: 'SUCCESS' }]);
    const screen = await screenOf(id);
    if (screen.kind !== 'indexerproject') throw new Error(screen.kind);
    expect(screen.project).toMatchObject({ ...IndexerProjectFormSchema.parse({}), linkSetId: linkSet.id });
    expect(screen.urlLists).toEqual([{ id: linkSet.id, name: 'To index', count: 0 }]);
    expect(screen.sites).toHaveLength(INDEXNOW_ENGINES.length);
    expect(screen.sites[1]).toEqual({
      key: 'Indexer:2', id: { module: 'Indexer', siteId: 2 }, module: 'Indexer', platform: 'IndexNow', siteUrl: 'https://www.bing.com/indexnow',
      email: '', pr: null, dofollow: null, checked: true, status: 'SUCCESS', waitInfo: null,
    });
    expect(screen.sites.filter((site) => site.checked)).toHaveLength(1);
  });

  it.skipIf(skip)('opens a project whose stored form no longer parses, falling back field by field', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const broken = JSON.stringify({
      tags: 'kept', minLinks: 'many', linkPlacement: 'Sideways', indexers: ['IndexNow', 'NoSuchService'], insertImages: true,
      linkSetProfiles: [{ linkSetId: 'x' }], outputAnchor: 'Keyword',
    });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Wiki', settings: broken });
    const screen = await screenOf(id);
    const defaults = ContentProjectFormSchema.parse({});
    expect(screen.project).toMatchObject({
      tags: 'kept', minLinks: defaults.minLinks, linkPlacement: null, indexers: ['IndexNow'], insertImages: true, linkSetProfiles: [], outputAnchor: 'Keyword',
    });

    const ac = await buildProject(db(), {
      ownerId: ann.id, campaignId: campaign.id, module: 'AccountCreation',
      settings: JSON.stringify({ firstName: 'Ann', verificationInfo: { emailServer: 'mail.test', emailServerPort: 'pop', mailProtocol: 'smtp' } }),
    });
    const acScreen = await screenOf(ac);
    if (acScreen.kind !== 'acproject') throw new Error(acScreen.kind);
    expect(acScreen.project.firstName).toBe('Ann');
    expect(acScreen.project.verificationInfo).toMatchObject({ emailServer: 'mail.test', emailServerPort: 995, mailProtocol: 'pop3' });

    const notJson = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Indexer', settings: '{not json' });
    expect((await screenOf(notJson)).project).toMatchObject({ linkSetId: null });
  });

  it.skipIf(skip)("answers 404 for another user's project and for a missing one", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id });
    const response = await bob.agent.request('GET', `/rest/project/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { message: 'The requested item does not exist' } });
    expect((await ann.agent.request('GET', '/rest/project/999999')).statusCode).toBe(404);
    expect((await ann.agent.request('GET', '/rest/project/abc')).statusCode).toBe(422);
  });

  describe('POST /rest/privatesitestatus', () => {
    it.skipIf(skip)("answers a network's sites with the project's ticks and statuses", async () => {
      const campaign = await buildCampaign(db(), { ownerId: ann.id });
      const { networkId, sites } = await buildSites(db(), { ownerId: ann.id, count: 2 });
      const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private' });
      await buildProjectSites(db(), { ownerId: ann.id, projectId: id }, [{ key: `${sites[1]!.id}:${sites[1]!.email}`, checked: true, status: 'FAILED' }]);
      const response = await ann.agent.request('POST', '/rest/privatesitestatus', { body: { projectId: id, privateGroupId: networkId } });
      expect(response.statusCode).toBe(200);
      const body = PrivateSiteStatusResponseSchema.parse(response.json());
      expect(body.sites.map((site) => [site.id, site.checked, site.status])).toEqual([
        [{ siteId: sites[0]!.id, email: sites[0]!.email }, false, 'NONE'],
        [{ siteId: sites[1]!.id, email: sites[1]!.email }, true, 'FAILED'],
      ]);
    });

    it.skipIf(skip)("answers 404 for another user's project or network, 422 for a project that is not private", async () => {
      const campaign = await buildCampaign(db(), { ownerId: ann.id });
      const { networkId } = await buildSites(db(), { ownerId: ann.id, count: 1 });
      const bobNetwork = await buildSites(db(), { ownerId: bob.id, count: 1 });
      const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private' });
      const bobCampaign = await buildCampaign(db(), { ownerId: bob.id });
      const bobProject = await buildProject(db(), { ownerId: bob.id, campaignId: bobCampaign.id, module: 'Private' });
      const call = (body: unknown) => ann.agent.request('POST', '/rest/privatesitestatus', { body });
      expect((await call({ projectId: id, privateGroupId: bobNetwork.networkId })).statusCode).toBe(404);
      expect((await call({ projectId: bobProject, privateGroupId: networkId })).statusCode).toBe(404);
      const wiki = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Wiki' });
      const notPrivate = await call({ projectId: wiki, privateGroupId: networkId });
      expect(notPrivate.statusCode).toBe(422);
      expect(notPrivate.json().error.message).toBe(PRIVATE_PROJECTS_ONLY);
      expect((await call({ projectId: id })).statusCode).toBe(422);
    });
  });

  // How fast is a figure of bench/sites-lists.ts (tests never assert on wall-clock time).
  it.skipIf(skip)('lists all 20,000 sites of a network', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const { networkId } = await buildSites(db(), { ownerId: ann.id, count: 20_000 });
    const id = await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, module: 'Private', settings: JSON.stringify({ profileId: networkId }) });
    const response = await ann.agent.request('GET', `/rest/project/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().sites).toHaveLength(20_000);
  });
});
