import { describe, expect, it } from 'vitest';
import {
  SITE_SELECTION_MESSAGES, SiteSelectionListResponseSchema, SiteSelectionResponseSchema, type SiteSelectionResponse,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildPrivateNetwork } from '../support/private-network-factories';
import type { Agent } from '../support/agent';

describe.each(DATABASES)('site selections on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;
  const load = async (agent: Agent, id: number): Promise<SiteSelectionResponse> => {
    const response = await agent.request('GET', `/rest/site_selections/${id}`);
    expect(response.statusCode).toBe(200);
    return SiteSelectionResponseSchema.parse(response.json());
  };
  const create = async (agent: Agent, name: string): Promise<number> => {
    const response = await agent.request('PUT', '/rest/site_selections', { body: { name } });
    expect(response.statusCode).toBe(201);
    return response.json().siteSelection.id as number;
  };

  it.skipIf(skip)('creates, lists newest first, renames and deletes, with live addNew, edited and deleted', async () => {
    const inbox = await liveInbox(ann.agent, 'site_selections');
    const first = await create(ann.agent, '  First  ');
    const second = await create(ann.agent, 'Second');
    const list = SiteSelectionListResponseSchema.parse((await ann.agent.request('GET', '/rest/site_selections')).json());
    expect(list.site_selections.slice(0, 2)).toEqual([
      { id: second, name: 'Second', siteSelectionType: 'Condition' },
      { id: first, name: 'First', siteSelectionType: 'Condition' },
    ]);
    const renamed = await ann.agent.request('POST', '/action/rename/site_selection', { body: { id: first, name: 'Renamed' } });
    expect(renamed.json()).toEqual({ id: first, name: 'Renamed', siteSelectionType: 'Condition' });
    const deleted = await ann.agent.request('DELETE', '/rest/site_selections', { body: [first, second] });
    expect(deleted.json()).toEqual({ ids: [first, second] });
    await expect.poll(() => inbox.messages.length).toBe(4);
    expect(inbox.messages.map(({ name, payload }) => ({ name, payload }))).toEqual([
      { name: 'addNew', payload: { id: first, name: 'First', siteSelectionType: 'Condition' } },
      { name: 'addNew', payload: { id: second, name: 'Second', siteSelectionType: 'Condition' } },
      { name: 'edited', payload: { id: first, name: 'Renamed' } },
      { name: 'deleted', payload: { ids: [first, second] } },
    ]);
    expect(SiteSelectionListResponseSchema.parse((await ann.agent.request('GET', '/rest/site_selections')).json()).site_selections.map((s) => s.id)).not.toContain(first);
  });

  it.skipIf(skip)("refuses an empty name with the spec's message", async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const response = await ann.agent.request('PUT', '/rest/site_selections', { body });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toBe(SITE_SELECTION_MESSAGES.nameRequired);
    }
    const id = await create(ann.agent, 'Keep');
    const rename = await ann.agent.request('POST', '/action/rename/site_selection', { body: { id, name: '' } });
    expect(errorOf(rename)).toBe(SITE_SELECTION_MESSAGES.nameRequired);
    const badType = await ann.agent.request('POST', `/rest/site_selections/${id}`, { body: { siteSelection: { siteSelectionType: 'Random' } } });
    expect(badType.statusCode).toBe(422);
    expect(errorOf(badType)).toBe(SITE_SELECTION_MESSAGES.typeRequired);
    const badPr = await ann.agent.request('POST', `/rest/site_selections/${id}`, { body: { siteSelection: { siteSelectionType: 'Manually', minPR: 101 } } });
    expect(errorOf(badPr)).toBe(SITE_SELECTION_MESSAGES.minPrRange);
    const badProb = await ann.agent.request('POST', `/rest/site_selections/${id}`, {
      body: { siteSelection: { siteSelectionType: 'Condition' }, selectedPlatforms: [{ id: { module: 'Wiki', platform: 'MediaWiki' }, siteSelectionId: id, prob: 50 }] },
    });
    expect(badProb.statusCode).toBe(422);
  });

  it.skipIf(skip)('saves a Manually selection of sites and a Condition selection of platforms, and loads them back', async () => {
    await ann.agent.request('POST', '/action/import/custom_sites', { body: { module: 'Wiki', siteList: 'wiki1.example.com|20\nwiki2.example.com|60' } });
    await ann.agent.request('PUT', '/rest/custom_sites', { body: { url: 'blog.example.com', module: 'SocialNetwork' } });
    const network = await buildPrivateNetwork(db(), { ownerId: ann.id, sites: [{ siteUrl: 'pbn.example.com', email: 'p@x.io' }] });
    const bobsSite = (await bob.agent.request('PUT', '/rest/custom_sites', { body: { url: 'bob.example.com', module: 'Wiki' } })).json().site.id as number;
    const id = await create(ann.agent, 'Mine');

    const fresh = await load(ann.agent, id);
    expect(fresh.siteSelection).toEqual({ id, name: 'Mine', siteSelectionType: 'Condition', img: false, video: false, dofollow: false, minPR: 0 });
    expect(fresh.sites.map((s) => s.siteUrl)).toEqual(['https://wiki1.example.com', 'https://wiki2.example.com', 'https://blog.example.com', 'pbn.example.com']);
    expect(fresh.sites.every((s) => !s.checked && s.status === 'NONE')).toBe(true);
    expect(fresh.sites.find((s) => s.siteUrl === 'pbn.example.com')).toMatchObject({ id: { module: 'Private', siteId: expect.any(Number) }, email: 'p@x.io', platform: 'Unknown' });
    // The pairs the user's sites have, with how many (Bob's site is not counted); the editor adds the others on demand.
    expect(fresh.platforms).toEqual([
      { module: 'Private', platform: 'Unknown', checked: false, sites: 1 },
      { module: 'SocialNetwork', platform: 'Unknown', checked: false, sites: 1 },
      { module: 'Wiki', platform: 'Unknown', checked: false, sites: 2 },
    ]);
    expect(fresh.selectedSites).toEqual([]);

    const wiki2 = fresh.sites.find((s) => s.siteUrl === 'https://wiki2.example.com')!;
    const pbn = fresh.sites.find((s) => s.siteUrl === 'pbn.example.com')!;
    const save = await ann.agent.request('POST', `/rest/site_selections/${id}`, {
      body: {
        siteSelection: { id, name: 'Mine', siteSelectionType: 'Manually', img: true, video: false, dofollow: true, minPR: 30 },
        selectedSites: [
          { id: { siteId: wiki2.id.siteId, module: 'Wiki' }, siteSelectionId: id },
          { id: { siteId: pbn.id.siteId, module: 'Private' }, siteSelectionId: id },
          // Bob's site and a site that does not exist are dropped.
          { id: { siteId: bobsSite, module: 'Wiki' }, siteSelectionId: id },
          { id: { siteId: 999999, module: 'Wiki' }, siteSelectionId: id },
        ],
        selectedPlatforms: [{ id: { platform: 'MediaWiki', module: 'Wiki' }, siteSelectionId: id, prob: 100 }],
      },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().siteSelection).toEqual({ id, name: 'Mine', siteSelectionType: 'Manually', img: true, video: false, dofollow: true, minPR: 30 });
    const saved = await load(ann.agent, id);
    expect(saved.selectedSites).toEqual([
      { id: { siteId: pbn.id.siteId, module: 'Private' }, siteSelectionId: id },
      { id: { siteId: wiki2.id.siteId, module: 'Wiki' }, siteSelectionId: id },
    ]);
    expect(saved.sites.filter((s) => s.checked).map((s) => s.siteUrl)).toEqual(['https://wiki2.example.com', 'pbn.example.com']);
    expect(saved.selectedPlatforms).toEqual([{ id: { platform: 'MediaWiki', module: 'Wiki' }, siteSelectionId: id, prob: 100 }]);
    // A ticked pair no site has yet is listed, ticked.
    expect(saved.platforms.filter((p) => p.checked)).toEqual([{ module: 'Wiki', platform: 'MediaWiki', checked: true, sites: 0 }]);

    // A verified site shows as a success in the grid, a failed one as a failure.
    await db().updateTable('custom_sites').set({ status: 'OK', platform: 'MediaWiki' }).where('url', '=', 'https://wiki1.example.com').execute();
    await db().updateTable('custom_sites').set({ status: 'FAILED' }).where('url', '=', 'https://wiki2.example.com').execute();
    const statuses = (await load(ann.agent, id)).sites.map((s) => [s.siteUrl, s.status, s.platform]);
    expect(statuses.slice(0, 2)).toEqual([['https://wiki1.example.com', 'SUCCESS', 'MediaWiki'], ['https://wiki2.example.com', 'FAILED', 'Unknown']]);

    // A ticked site deleted since is no longer listed as selected.
    await ann.agent.request('DELETE', '/rest/custom_sites', { body: [wiki2.id.siteId] });
    expect((await load(ann.agent, id)).selectedSites).toEqual([{ id: { siteId: pbn.id.siteId, module: 'Private' }, siteSelectionId: id }]);

    // Saving again replaces the ticks.
    await ann.agent.request('POST', `/rest/site_selections/${id}`, { body: { siteSelection: { siteSelectionType: 'Condition' } } });
    const cleared = await load(ann.agent, id);
    expect([cleared.selectedSites, cleared.selectedPlatforms, cleared.siteSelection.siteSelectionType, cleared.siteSelection.img]).toEqual([[], [], 'Condition', false]);
    expect(network.id).toBeGreaterThan(0);
  });

  it.skipIf(skip)("answers another user's selection with 404 and changes nothing", async () => {
    const id = await create(ann.agent, "Ann's");
    const mine = await create(bob.agent, "Bob's");
    expect((await bob.agent.request('GET', `/rest/site_selections/${id}`)).statusCode).toBe(404);
    expect((await bob.agent.request('POST', `/rest/site_selections/${id}`, { body: { siteSelection: { siteSelectionType: 'Manually' } } })).statusCode).toBe(404);
    expect((await bob.agent.request('POST', '/action/rename/site_selection', { body: { id, name: 'Hacked' } })).statusCode).toBe(404);
    expect((await bob.agent.request('DELETE', '/rest/site_selections', { body: [mine, id] })).statusCode).toBe(404);
    expect((await load(ann.agent, id)).siteSelection).toMatchObject({ name: "Ann's", siteSelectionType: 'Condition' });
    expect(SiteSelectionListResponseSchema.parse((await bob.agent.request('GET', '/rest/site_selections')).json()).site_selections.map((s) => s.id)).toEqual([mine]);
    expect((await ann.agent.request('GET', '/rest/site_selections/999999')).statusCode).toBe(404);
  });
});
