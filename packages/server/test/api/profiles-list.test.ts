import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, ProfileListResponseSchema, ProfileRowSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { countRows } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';

describe.each(DATABASES)('account profile rows of a campaign on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('creates, lists with account counts, renames and deletes profiles, publishing on campaign/{id}', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const topic = `campaign/${campaign.id}`;
    const inbox = await liveInbox(ann.agent, topic);

    const created = await ann.agent.request('PUT', '/rest/profile', { body: { name: ' Store ', campaignId: campaign.id } });
    expect(created.statusCode).toBe(200);
    const profile = ProfileRowSchema.parse(created.json());
    expect(profile).toEqual({ id: profile.id, name: 'Store', group: '', campaignId: campaign.id, count: 0 });
    const { id: filled } = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Filled', accounts: 3 });

    const list = ProfileListResponseSchema.parse((await ann.agent.request('GET', `/rest/profiles/${campaign.id}`)).json());
    expect(list.map((p) => [p.name, p.count])).toEqual([['Store', 0], ['Filled', 3]]);

    const renamed = await ann.agent.request('POST', `/rest/profile/${filled}`, { body: { name: 'Renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: filled, name: 'Renamed', group: '', campaignId: campaign.id, count: 3 });

    const deleted = await ann.agent.request('DELETE', `/rest/profiles/${campaign.id}`, { body: [filled] });
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
    const { id: id } = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Keep' });
    const before = await countRows(db(), 'profiles', ann.id);
    for (const body of [{ campaignId: campaign.id }, { name: ' ', campaignId: campaign.id }]) {
      const response = await ann.agent.request('PUT', '/rest/profile', { body });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(PROFILE_MESSAGES.nameRequired);
    }
    expect((await ann.agent.request('PUT', '/rest/profile', { body: { name: 'No campaign' } })).statusCode).toBe(422);
    const rename = await ann.agent.request('POST', `/rest/profile/${id}`, { body: { name: '' } });
    expect(rename.json().error.message).toBe(PROFILE_MESSAGES.nameRequired);
    expect((await ann.agent.request('DELETE', `/rest/profiles/${campaign.id}`, { body: ['x'] })).statusCode).toBe(422);
    expect((await ann.agent.request('GET', '/rest/profiles/0')).statusCode).toBe(422);
    expect(await countRows(db(), 'profiles', ann.id)).toBe(before);
    expect((await db().selectFrom('profiles').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Keep');
  });

  it.skipIf(skip)("answers 404 for another user's campaign or profile and changes nothing", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const { id: id } = await buildProfile(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Ann', accounts: 1 });
    const bobCampaign = await buildCampaign(db(), { ownerId: bob.id });
    const bobBefore = await countRows(db(), 'profiles', bob.id);
    expect((await bob.agent.request('PUT', '/rest/profile', { body: { name: 'X', campaignId: campaign.id } })).statusCode).toBe(404);
    expect((await bob.agent.request('GET', `/rest/profiles/${campaign.id}`)).statusCode).toBe(404);
    expect((await bob.agent.request('POST', `/rest/profile/${id}`, { body: { name: 'X' } })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', `/rest/profiles/${campaign.id}`, { body: [id] })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', `/rest/profiles/${bobCampaign.id}`, { body: [id] })).statusCode).toBe(404);
    expect((await db().selectFrom('profiles').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Ann');
    expect(await countRows(db(), 'accounts', ann.id)).toBeGreaterThan(0);
    expect(await countRows(db(), 'profiles', bob.id)).toBe(bobBefore);
  });
});
