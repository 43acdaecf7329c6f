import { describe, expect, it } from 'vitest';
import { LINK_SET_MESSAGES, LinkSetRowSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';
import { countRows } from '../support/campaign-factories';
import { buildLinkSet } from '../support/link-factories';

describe.each(DATABASES)('link set rows of a campaign on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  it.skipIf(skip)('creates, renames and deletes link sets with their counts, publishing on campaign/{id}', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const topic = `campaign/${campaign.id}`;
    const inbox = await liveInbox(ann.agent, topic);

    const created = await ann.agent.request('PUT', '/rest/url_list', { body: { name: ' Money ', campaignId: campaign.id } });
    expect(created.statusCode).toBe(200);
    const linkSet = LinkSetRowSchema.parse(created.json());
    expect(linkSet).toEqual({ id: linkSet.id, name: 'Money', campaignId: campaign.id, count: 0, verified: 0 });
    const { id: filled } = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, links: [{ url: 'https://a.example' }, { url: 'https://b.example' }] });

    const renamed = await ann.agent.request('POST', `/rest/url_list/${filled}`, { body: { name: 'Tier 2' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: filled, name: 'Tier 2', campaignId: campaign.id, count: 2, verified: 0 });

    const detail = (await ann.agent.request('GET', `/rest/campaign/${campaign.id}`)).json();
    expect(detail.urlLists.map((l: { name: string; count: number }) => [l.name, l.count])).toEqual([['Money', 0], ['Tier 2', 2]]);

    const deleted = await ann.agent.request('DELETE', `/rest/url_list/${campaign.id}`, { body: [filled, linkSet.id] });
    expect(deleted.statusCode).toBe(200);
    expect(await countRows(db(), 'url_items', ann.id)).toBe(0);

    await expect.poll(() => inbox.messages.length).toBe(3);
    expect(inbox.messages).toEqual([
      { topic, name: 'newUrlList', payload: linkSet },
      { topic, name: 'urlListEdited', payload: renamed.json() },
      { topic, name: 'urlListsDeleted', payload: { ids: expect.arrayContaining([filled, linkSet.id]) } },
    ]);
  });

  it.skipIf(skip)('refuses bad input with the spec message, changing nothing', async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const { id: id } = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Keep' });
    const before = await countRows(db(), 'url_lists', ann.id);
    for (const body of [{ campaignId: campaign.id }, { name: '   ', campaignId: campaign.id }]) {
      const response = await ann.agent.request('PUT', '/rest/url_list', { body });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(LINK_SET_MESSAGES.nameRequired);
    }
    const tooLong = await ann.agent.request('PUT', '/rest/url_list', { body: { name: 'x'.repeat(513), campaignId: campaign.id } });
    expect(tooLong.json().error.message).toBe(LINK_SET_MESSAGES.nameTooLong);
    const rename = await ann.agent.request('POST', `/rest/url_list/${id}`, { body: { name: '' } });
    expect(rename.json().error.message).toBe(LINK_SET_MESSAGES.nameRequired);
    expect((await ann.agent.request('DELETE', `/rest/url_list/${campaign.id}`, { body: [] })).statusCode).toBe(422);
    expect(await countRows(db(), 'url_lists', ann.id)).toBe(before);
    expect((await db().selectFrom('url_lists').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Keep');
  });

  it.skipIf(skip)("answers 404 for another user's campaign or link set and changes nothing", async () => {
    const campaign = await buildCampaign(db(), { ownerId: ann.id });
    const { id: id } = await buildLinkSet(db(), { ownerId: ann.id, campaignId: campaign.id, name: 'Ann', links: [{ url: 'https://a.example' }] });
    const bobCampaign = await buildCampaign(db(), { ownerId: bob.id });
    const bobBefore = await countRows(db(), 'url_lists', bob.id);
    expect((await bob.agent.request('PUT', '/rest/url_list', { body: { name: 'X', campaignId: campaign.id } })).statusCode).toBe(404);
    expect((await bob.agent.request('POST', `/rest/url_list/${id}`, { body: { name: 'X' } })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', `/rest/url_list/${campaign.id}`, { body: [id] })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', `/rest/url_list/${bobCampaign.id}`, { body: [id] })).statusCode).toBe(404);
    expect((await db().selectFrom('url_lists').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Ann');
    expect(await countRows(db(), 'url_items', ann.id)).toBeGreaterThan(0);
    expect(await countRows(db(), 'url_lists', bob.id)).toBe(bobBefore);
  });
});
