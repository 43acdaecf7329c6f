import lzString from 'lz-string';
import { describe, expect, it } from 'vitest';
import {
  BACKLINKS_ZIP_NAME, CAMPAIGN_MESSAGES, CampaignDetailResponseSchema, CampaignListResponseSchema, CampaignSchema,
  CampaignsWithProfilesResponseSchema, isStrategyPreviewPath,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { signedIn } from '../support/agent';
import { buildCampaign, buildUser } from '../support/factories';
import { buildProject, countRows } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { buildLinkSet } from '../support/link-factories';
import { readZipTextEntries } from '../../src/platform/files/zip';

const NOT_FOUND = 'The requested item does not exist';

describe.each(DATABASES)('campaign list calls on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('creates a campaign from plain JSON and from its lz-string form, and lists it with project counts', async () => {
    const plain = await ann.agent.request('PUT', '/rest/campaigns', { body: { name: '  Spring push  ' } });
    expect(plain.statusCode).toBe(200);
    const created = CampaignSchema.parse(plain.json());
    expect(created).toMatchObject({ name: 'Spring push', campaignStatus: 'ACTIVE', creatingType: 'Manual' });

    const compressed = lzString.compressToEncodedURIComponent(JSON.stringify({ name: 'Packed' }));
    const asJsonString = await ann.agent.request('PUT', '/rest/campaigns', { body: JSON.stringify(compressed), headers: { 'content-type': 'application/json' } });
    expect(asJsonString.statusCode).toBe(200);
    expect(asJsonString.json().name).toBe('Packed');
    const asText = await ann.agent.request('PUT', '/rest/campaigns', { body: compressed, headers: { 'content-type': 'text/plain' } });
    expect(asText.json().name).toBe('Packed');

    for (const status of ['SCHEDULED', 'RUNNING', 'RUNNING', 'STARTING', 'FAILED', 'NEW']) {
      await buildProject(db(), { ownerId: ann.id, campaignId: created.id, status });
    }
    const list = CampaignListResponseSchema.parse((await ann.agent.request('GET', '/rest/campaigns')).json());
    // The built-in strategies, with their previews (features/strategies).
    expect(list.strategies.map((s) => s.type)).toEqual(Array(6).fill('BUILTIN'));
    expect(list.strategies.every((s) => s.img !== null && isStrategyPreviewPath(s.img))).toBe(true);
    expect(list.campaigns[0]!.id).toBe(asText.json().id);
    expect(list.campaigns.find((c) => c.id === created.id)!.projectCount).toEqual({ scheduled: 1, running: 2, starting: 1, failed: 1 });
    const bobList = CampaignListResponseSchema.parse((await bob.agent.request('GET', '/rest/campaigns')).json());
    expect(bobList.campaigns.some((c) => c.id === created.id)).toBe(false);
  });

  it.skipIf(skip)('refuses a missing name and an unreadable compressed body, creating nothing', async () => {
    const before = await countRows(db(), 'campaigns', ann.id);
    for (const body of [{ name: '   ' }, {}]) {
      const response = await ann.agent.request('PUT', '/rest/campaigns', { body });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(CAMPAIGN_MESSAGES.nameRequired);
    }
    const tooLong = await ann.agent.request('PUT', '/rest/campaigns', { body: { name: 'x'.repeat(513) } });
    expect(tooLong.json().error.message).toBe(CAMPAIGN_MESSAGES.nameTooLong);
    const garbage = await ann.agent.request('PUT', '/rest/campaigns', { body: '%%% not lz %%%', headers: { 'content-type': 'text/plain' } });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json().error.message).toBe(CAMPAIGN_MESSAGES.notCompressed);
    expect(await countRows(db(), 'campaigns', ann.id)).toBe(before);
  });

  it.skipIf(skip)("renames a campaign; another user's id answers 404 and changes nothing", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id, name: 'Old' });
    const ok = await ann.agent.request('POST', '/rest/campaigns', { body: { id: campaign.id, name: 'New' } });
    expect(ok.statusCode).toBe(200);
    const theirs = await bob.agent.request('POST', '/rest/campaigns', { body: { id: campaign.id, name: 'Stolen' } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.message).toBe(NOT_FOUND);
    const empty = await ann.agent.request('POST', '/rest/campaigns', { body: { id: campaign.id, name: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toBe(CAMPAIGN_MESSAGES.nameRequired);
    const badId = await ann.agent.request('POST', '/rest/campaigns', { body: { id: 'abc', name: 'X' } });
    expect(badId.statusCode).toBe(422);
    const row = await db().selectFrom('campaigns').select('name').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('New');
  });

  it.skipIf(skip)('deletes campaigns with everything they hold (projects, profiles, accounts, link sets, links)', async () => {
    const user = await buildUser(db());
    const agent = await signedIn(ctx.server.app, user);
    const keep = await buildCampaign(db(), { ownerId: user.id });
    const doomed = await buildCampaign(db(), { ownerId: user.id });
    for (const campaign of [keep, doomed]) {
      await buildProject(db(), { ownerId: user.id, campaignId: campaign.id });
      await buildProfile(db(), { ownerId: user.id, campaignId: campaign.id, accounts: 2 });
      await buildLinkSet(db(), { ownerId: user.id, campaignId: campaign.id, links: [{ url: 'https://a.example' }, { url: 'https://b.example' }] });
    }
    const response = await agent.request('POST', '/rest/delete/campaigns', { body: { ids: [doomed.id] } });
    expect(response.statusCode).toBe(200);
    expect(await countRows(db(), 'campaigns', user.id)).toBe(1);
    expect(await countRows(db(), 'projects', user.id)).toBe(1);
    expect(await countRows(db(), 'profiles', user.id)).toBe(1);
    expect(await countRows(db(), 'accounts', user.id)).toBe(2);
    expect(await countRows(db(), 'url_lists', user.id)).toBe(1);
    expect(await countRows(db(), 'url_items', user.id)).toBe(2);
  });

  it.skipIf(skip)("refuses to delete when one id is another user's campaign, deleting nothing", async () => {
    const mine = await buildCampaign(db(), { ownerId: bob.id });
    const theirs = await buildCampaign(db(), { ownerId: ann.id });
    const response = await bob.agent.request('POST', '/rest/delete/campaigns', { body: { ids: [mine.id, theirs.id] } });
    expect(response.statusCode).toBe(404);
    expect(await db().selectFrom('campaigns').select('id').where('id', 'in', [mine.id, theirs.id]).execute()).toHaveLength(2);
    const none = await bob.agent.request('POST', '/rest/delete/campaigns', { body: { ids: [] } });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe('Select at least one item');
  });

  it.skipIf(skip)('answers a campaign with its projects, profiles and link sets; 404 for another user', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id, name: 'Detail' });
    await buildProject(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'P1', status: 'RUNNING', schedule: JSON.stringify({ scheduleType: 'FixedDate', startDate: '01/02/2030 10:00', durationType: 'Once' }) });
    await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Store', accounts: 3 });
    await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Money', links: [{ url: 'https://x.example' }] });
    const body = CampaignDetailResponseSchema.parse((await ann.agent.request('GET', `/rest/campaign/${campaign.id}`)).json());
    expect(body.campaign).toMatchObject({ id: campaign.id, name: 'Detail', projectCount: { running: 1, scheduled: 0, starting: 0, failed: 0 } });
    expect(body.projects).toEqual([expect.objectContaining({ name: 'P1', module: 'SocialNetwork', status: 'RUNNING', lastError: [], schedule: expect.objectContaining({ startDate: '01/02/2030 10:00' }) })]);
    expect(body.profiles).toEqual([expect.objectContaining({ name: 'Store', count: 3, group: '', campaignId: campaign.id })]);
    expect(body.urlLists).toEqual([expect.objectContaining({ name: 'Money', count: 1, campaignId: campaign.id })]);
    expect((await bob.agent.request('GET', `/rest/campaign/${campaign.id}`)).statusCode).toBe(404);
    expect((await ann.agent.request('GET', '/rest/campaign/abc')).statusCode).toBe(422);
  });

  it.skipIf(skip)('lists campaigns with profiles, only the user\'s own', async () => {
    const user = await buildUser(db());
    const agent = await signedIn(ctx.server.app, user);
    const campaign = await buildCampaign(db(), { ownerId: user.id });
    await buildProfile(db(), { ownerId: user.id, campaignId: campaign.id, name: 'Mine', accounts: 1 });
    await buildProfile(db(), { ownerId: ann.id, campaignId: (await buildCampaign(db(), { ownerId: ann.id })).id, name: 'Ann' });
    const body = CampaignsWithProfilesResponseSchema.parse((await agent.request('GET', '/rest/campaigns_with_profiles')).json());
    expect(body.campaigns.map((c) => c.id)).toEqual([campaign.id]);
    expect(body.profiles).toEqual([expect.objectContaining({ name: 'Mine', count: 1, campaignId: campaign.id })]);
  });

  it.skipIf(skip)('pauses and resumes a campaign, telling the list and the campaign screen live', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const inbox = await liveInbox(ann.agent, 'campaigns', `campaign/${campaign.id}`);

    const paused = await ann.agent.request('GET', `/action/pause/campaign/${campaign.id}`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().campaignStatus).toBe('PAUSED');
    await expect.poll(() => inbox.messages.length).toBe(2);
    expect(inbox.messages).toEqual(expect.arrayContaining([
      { topic: 'campaigns', name: 'statusChanged', payload: { id: campaign.id, campaignStatus: 'PAUSED' } },
      { topic: `campaign/${campaign.id}`, name: 'campaignStatusChanged', payload: { id: campaign.id, campaignStatus: 'PAUSED' } },
    ]));
    const resumed = await ann.agent.request('GET', `/action/resume/campaign/${campaign.id}`);
    expect(resumed.json().campaignStatus).toBe('ACTIVE');
    expect((await bob.agent.request('GET', `/action/pause/campaign/${campaign.id}`)).statusCode).toBe(404);
    const row = await db().selectFrom('campaigns').select('campaign_status').where('id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(row.campaign_status).toBe('ACTIVE');
  });

  it.skipIf(skip)('publishes addNew, rename and campaignsDeleted on the campaigns topic, to the owner only', async () => {
    const [annInbox, bobInbox] = await Promise.all([liveInbox(ann.agent, 'campaigns'), liveInbox(bob.agent, 'campaigns')]);

    const created = (await ann.agent.request('PUT', '/rest/campaigns', { body: { name: 'Live one' } })).json();
    await ann.agent.request('POST', '/rest/campaigns', { body: { id: created.id, name: 'Live two' } });
    await ann.agent.request('POST', '/rest/delete/campaigns', { body: { ids: [created.id] } });
    await expect.poll(() => annInbox.messages.length).toBe(3);
    expect(annInbox.messages).toEqual([
      { topic: 'campaigns', name: 'addNew', payload: created },
      { topic: 'campaigns', name: 'rename', payload: { id: created.id, name: 'Live two' } },
      { topic: 'campaigns', name: 'campaignsDeleted', payload: { ids: [created.id] } },
    ]);
    expect(bobInbox.messages).toEqual([]);
  });

  it.skipIf(skip)('exports all_links.zip: one CSV per campaign of every link of its link sets', async () => {
    const first = await buildCampaign(db(), { ownerId: ann.id, name: 'Alpha/Beta' });
    const second = await buildCampaign(db(), { ownerId: ann.id, name: 'Empty' });
    const added = Date.UTC(2030, 0, 2, 3, 4, 5);
    await buildLinkSet(db(), { ownerId: ann.id, campaignId: first.id, name: 'Set A', links: [{ url: 'https://a.example/1', anchor: 'alpha, one', dateAdded: added }, { url: 'https://a.example/2', anchor: '=HYPERLINK("x")', dateAdded: added }] });
    await buildLinkSet(db(), { ownerId: ann.id, campaignId: first.id, name: 'Set B', links: [{ url: 'https://b.example/', anchor: 'bee', dateAdded: added }] });
    const response = await ann.agent.request('POST', '/action/export/backlinks_from_campaigns', { body: [first.id, second.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="${BACKLINKS_ZIP_NAME}"`);
    const entries = await readZipTextEntries(response.rawPayload, 10 * 1024 * 1024);
    expect(entries.map((entry) => entry.name)).toEqual(['Alpha_Beta.csv', 'Empty.csv']);
    const date = new Date(added).toISOString();
    expect(entries[0]!.text).toBe([
      'URL,Anchor,Link set,Date added',
      `https://a.example/1,"alpha, one",Set A,${date}`,
      `https://a.example/2,"'=HYPERLINK(""x"")",Set A,${date}`,
      `https://b.example/,bee,Set B,${date}`,
      '',
    ].join('\r\n'));
    expect(entries[1]!.text).toBe('URL,Anchor,Link set,Date added\r\n');

    const theirs = await bob.agent.request('POST', '/action/export/backlinks_from_campaigns', { body: [first.id] });
    expect(theirs.statusCode).toBe(404);
    const empty = await ann.agent.request('POST', '/action/export/backlinks_from_campaigns', { body: [] });
    expect(empty.statusCode).toBe(422);
    const notArray = await ann.agent.request('POST', '/action/export/backlinks_from_campaigns', { body: { ids: [first.id] } });
    expect(notArray.statusCode).toBe(422);
  });

  it.skipIf(skip)('refuses calls without the CSRF header', async () => {
    const response = await ann.agent.request('PUT', '/rest/campaigns', { body: { name: 'No token' }, xsrf: false });
    expect(response.statusCode).toBe(403);
  });
});
