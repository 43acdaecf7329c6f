import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, ProfileListResponseSchema, ProfileRowSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { signedIn, type Agent } from '../support/agent';
import { buildCampaign, buildUser, type TestUser } from '../support/factories';
import { buildProfile, countRows, listen } from '../support/campaign-factories';
import { connectLive, connected, openSocketsClosedAfterEach, recorder, subscribe } from '../support/live-client';

describe.each(DATABASES)('account profile rows of a campaign on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const open = openSocketsClosedAfterEach();
  let baseUrl: string;
  let ann: TestUser;
  let bob: TestUser;
  let annAgent: Agent;
  let bobAgent: Agent;
  const db = () => ctx.server.database.db;

  beforeAll(async () => {
    if (skip) return;
    baseUrl = await listen(ctx.server);
    ann = await buildUser(db());
    bob = await buildUser(db());
    annAgent = await signedIn(ctx.server.app, ann);
    bobAgent = await signedIn(ctx.server.app, bob);
  });

  it.skipIf(skip)('creates, lists with account counts, renames and deletes profiles, publishing on campaign/{id}', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const topic = `campaign/${campaign.id}`;
    const socket = open(connectLive(baseUrl, annAgent));
    await connected(socket);
    const inbox = recorder(socket);
    expect(await subscribe(socket, topic)).toEqual({ ok: true });

    const created = await annAgent.request('PUT', '/rest/profile', { body: { name: ' Store ', campaignId: campaign.id } });
    expect(created.statusCode).toBe(200);
    const profile = ProfileRowSchema.parse(created.json());
    expect(profile).toEqual({ id: profile.id, name: 'Store', group: '', campaignId: campaign.id, count: 0 });
    const filled = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Filled', accounts: 3 });

    const list = ProfileListResponseSchema.parse((await annAgent.request('GET', `/rest/profiles/${campaign.id}`)).json());
    expect(list.map((p) => [p.name, p.count])).toEqual([['Store', 0], ['Filled', 3]]);

    const renamed = await annAgent.request('POST', `/rest/profile/${filled}`, { body: { name: 'Renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: filled, name: 'Renamed', group: '', campaignId: campaign.id, count: 3 });

    const deleted = await annAgent.request('DELETE', `/rest/profiles/${campaign.id}`, { body: [filled] });
    expect(deleted.statusCode).toBe(200);
    expect(await countRows(db(), 'accounts', ann.id)).toBe(0);

    await expect.poll(() => inbox.messages.length).toBe(3);
    expect(inbox.messages).toEqual([
      { topic, name: 'newProfile', payload: profile },
      { topic, name: 'profileEdited', payload: renamed.json() },
      { topic, name: 'profilesDeleted', payload: { ids: [filled] } },
    ]);
  });

  it.skipIf(skip)('refuses bad input with the spec message, changing nothing', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const id = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Keep' });
    const before = await countRows(db(), 'profiles', ann.id);
    for (const body of [{ campaignId: campaign.id }, { name: ' ', campaignId: campaign.id }]) {
      const response = await annAgent.request('PUT', '/rest/profile', { body });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(PROFILE_MESSAGES.nameRequired);
    }
    expect((await annAgent.request('PUT', '/rest/profile', { body: { name: 'No campaign' } })).statusCode).toBe(422);
    const rename = await annAgent.request('POST', `/rest/profile/${id}`, { body: { name: '' } });
    expect(rename.json().error.message).toBe(PROFILE_MESSAGES.nameRequired);
    expect((await annAgent.request('DELETE', `/rest/profiles/${campaign.id}`, { body: ['x'] })).statusCode).toBe(422);
    expect((await annAgent.request('GET', '/rest/profiles/0')).statusCode).toBe(422);
    expect(await countRows(db(), 'profiles', ann.id)).toBe(before);
    expect((await db().selectFrom('profiles').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Keep');
  });

  it.skipIf(skip)("answers 404 for another user's campaign or profile and changes nothing", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const id = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Ann', accounts: 1 });
    const bobCampaign = await buildCampaign(db(), { ownerId: bob.id });
    const bobBefore = await countRows(db(), 'profiles', bob.id);
    expect((await bobAgent.request('PUT', '/rest/profile', { body: { name: 'X', campaignId: campaign.id } })).statusCode).toBe(404);
    expect((await bobAgent.request('GET', `/rest/profiles/${campaign.id}`)).statusCode).toBe(404);
    expect((await bobAgent.request('POST', `/rest/profile/${id}`, { body: { name: 'X' } })).statusCode).toBe(404);
    expect((await bobAgent.request('DELETE', `/rest/profiles/${campaign.id}`, { body: [id] })).statusCode).toBe(404);
    expect((await bobAgent.request('DELETE', `/rest/profiles/${bobCampaign.id}`, { body: [id] })).statusCode).toBe(404);
    expect((await db().selectFrom('profiles').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Ann');
    expect(await countRows(db(), 'accounts', ann.id)).toBeGreaterThan(0);
    expect(await countRows(db(), 'profiles', bob.id)).toBe(bobBefore);
  });
});
