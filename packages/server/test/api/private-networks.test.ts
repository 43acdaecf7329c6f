import { describe, expect, it } from 'vitest';
import {
  PRIVATE_NETWORK_MESSAGES, PRIVATE_SITE_REASONS, PrivateNetworkListResponseSchema, PrivateNetworkResponseSchema,
  SiteListResponseSchema,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { signedIn } from '../support/agent';
import { buildUser } from '../support/factories';
import { buildPrivateNetwork, buildProfileWithAccounts } from '../support/private-network-factories';
import { recorder, subscribe } from '../support/live-client';
import { TOPIC_REFUSED } from '../../src/platform/live/topic-access';

describe.each(DATABASES)('private networks on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, connectedSocket } = useTwoUsers(ctx, skip, { listen: true });

  const db = () => ctx.server.database.db;
  const sitesOf = async (networkId: number) => PrivateNetworkResponseSchema.parse(
    (await ann.agent.request('GET', `/rest/private_network/${networkId}`)).json(),
  ).privateSites;
  const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;

  describe('the list (/rest/private_networks)', () => {
    it.skipIf(skip)('creates, lists with counts, renames and deletes networks', async () => {
      const created = await ann.agent.request('PUT', '/rest/private_networks', { body: { name: '  My blogs  ' } });
      expect(created.statusCode).toBe(201);
      const network = created.json();
      expect(network).toEqual({ id: expect.any(Number), name: 'My blogs', count: 0 });
      const other = await buildPrivateNetwork(db(), { ownerId: ann.id, sites: [{ siteUrl: 'a.example.com', email: 'a@x.io' }, { siteUrl: 'b.example.com', email: 'b@x.io' }] });
      await buildPrivateNetwork(db(), { ownerId: bob.id, name: "Bob's" });

      const list = PrivateNetworkListResponseSchema.parse((await ann.agent.request('GET', '/rest/private_networks')).json());
      expect(list.objects).toContainEqual({ id: network.id, name: 'My blogs', count: 0 });
      expect(list.objects).toContainEqual({ id: other.id, name: other.name, count: 2 });
      expect(list.objects.map((n) => n.name)).not.toContain("Bob's");

      const renamed = await ann.agent.request('POST', '/rest/private_networks', { body: { id: other.id, name: 'Renamed' } });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({ id: other.id, name: 'Renamed', count: 2 });

      const deleted = await ann.agent.request('DELETE', '/rest/private_networks', { body: [network.id, other.id] });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ ids: [network.id, other.id] });
      const after = PrivateNetworkListResponseSchema.parse((await ann.agent.request('GET', '/rest/private_networks')).json());
      expect(after.objects.map((n) => n.id)).not.toContain(other.id);
      expect(await db().selectFrom('private_sites').select('id').where('private_network_id', '=', other.id).execute()).toEqual([]);
    });

    it.skipIf(skip)("refuses an empty name with the spec's message, and changes nothing", async () => {
      for (const body of [{ name: '' }, { name: '   ' }, {}]) {
        const response = await ann.agent.request('PUT', '/rest/private_networks', { body });
        expect(response.statusCode).toBe(422);
        expect(errorOf(response)).toBe(PRIVATE_NETWORK_MESSAGES.nameRequired);
      }
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id, name: 'Keep' });
      const rename = await ann.agent.request('POST', '/rest/private_networks', { body: { id: network.id, name: ' ' } });
      expect(rename.statusCode).toBe(422);
      expect(errorOf(rename)).toBe('Please enter private network name');
      const empty = await ann.agent.request('DELETE', '/rest/private_networks', { body: [] });
      expect(empty.statusCode).toBe(422);
      expect(errorOf(empty)).toBe('Select at least one item');
      expect((await ann.agent.request('GET', `/rest/private_network/${network.id}`)).json().privateNetwork.name).toBe('Keep');
    });

    it.skipIf(skip)("answers another user's network with 404 and changes nothing", async () => {
      const annNet = await buildPrivateNetwork(db(), { ownerId: ann.id, name: 'Ann net', sites: [{ siteUrl: 'ann.example.com', email: 'a@x.io' }] });
      const mine = await buildPrivateNetwork(db(), { ownerId: bob.id, name: 'Bob net' });
      expect((await bob.agent.request('POST', '/rest/private_networks', { body: { id: annNet.id, name: 'Hacked' } })).statusCode).toBe(404);
      // One foreign id in the list: nothing is deleted, not even Bob's own network.
      expect((await bob.agent.request('DELETE', '/rest/private_networks', { body: [mine.id, annNet.id] })).statusCode).toBe(404);
      expect((await bob.agent.request('GET', `/rest/private_network/${annNet.id}`)).statusCode).toBe(404);
      expect((await bob.agent.request('GET', `/action/export/private_group/${annNet.id}`)).statusCode).toBe(404);
      expect((await bob.agent.request('DELETE', `/rest/private_network/${annNet.id}`, { body: [{ group: 'Private', siteId: 1, email: 'a@x.io' }] })).statusCode).toBe(404);
      const bobList = PrivateNetworkListResponseSchema.parse((await bob.agent.request('GET', '/rest/private_networks')).json());
      expect(bobList.objects.map((n) => n.id)).toContain(mine.id);
      const annView = PrivateNetworkResponseSchema.parse((await ann.agent.request('GET', `/rest/private_network/${annNet.id}`)).json());
      expect(annView.privateNetwork).toEqual({ id: annNet.id, name: 'Ann net', count: 1 });
      expect(annView.privateSites).toHaveLength(1);
    });
  });

  describe('imports', () => {
    it.skipIf(skip)('imports the valid lines, reports each bad line with its number and reason, and updates on re-import', async () => {
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id });
      const siteList = [
        'https://blog-one.example.com|one@example.com|admin|p4ss',
        '',
        'blog-two.example.com|two@example.com|editor',
        'blog-three.example.com||user|pw',
        'not a site|x@example.com|u|p',
        'www.blog-four.example.com | four@example.com | writer | pa|ss=1 ',
        'blog-five.example.com|five-at-example.com|u|p',
      ].join('\r\n');
      const response = await ann.agent.request('POST', `/action/import/private_network/${network.id}`, { body: { selfHosted: true, siteList } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        imported: 2,
        errorList: [
          `Line 3: ${PRIVATE_SITE_REASONS.format}`,
          'Line 4: Please enter email address',
          `Line 5: ${PRIVATE_SITE_REASONS.siteInvalid}`,
          `Line 7: ${PRIVATE_SITE_REASONS.emailInvalid}`,
        ],
      });
      const sites = await sitesOf(network.id);
      expect(sites.map((s) => [s.siteUrl, s.email, s.username, s.password, s.group, s.platform])).toEqual([
        ['https://blog-one.example.com', 'one@example.com', 'admin', 'p4ss', 'Private', 'WordPress'],
        ['www.blog-four.example.com', 'four@example.com', 'writer', 'pa|ss=1', 'Private', 'WordPress'],
      ]);

      // Same site + email again (without the self-hosted tick): updated in place, platform kept.
      const again = await ann.agent.request('POST', `/action/import/private_network/${network.id}`, {
        body: { siteList: 'https://blog-one.example.com|one@example.com|admin2|new-pass\nnew.example.com|n@example.com|u|p' },
      });
      expect(again.json()).toEqual({ imported: 2, errorList: [] });
      const updated = await sitesOf(network.id);
      expect(updated).toHaveLength(3);
      expect(updated.find((s) => s.email === 'one@example.com')).toMatchObject({ username: 'admin2', password: 'new-pass', platform: 'WordPress' });
      expect(updated.find((s) => s.email === 'n@example.com')).toMatchObject({ platform: 'Unknown', group: 'Private' });
    });

    it.skipIf(skip)("refuses an empty list with the spec's message and another user's network with 404", async () => {
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id });
      for (const body of [{ siteList: '' }, { siteList: ' \n \r\n' }, { selfHosted: true }]) {
        const response = await ann.agent.request('POST', `/action/import/private_network/${network.id}`, { body });
        expect(response.statusCode).toBe(422);
        expect(errorOf(response)).toBe(PRIVATE_NETWORK_MESSAGES.siteListRequired);
      }
      const foreign = await bob.agent.request('POST', `/action/import/private_network/${network.id}`, { body: { siteList: 'x.example.com|a@b.io|u|p' } });
      expect(foreign.statusCode).toBe(404);
      const bulkForeign = await bob.agent.request('PUT', `/rest/private_network_bulk_upload/${network.id}`, {
        body: { sites: [{ siteUrl: 'x.example.com', email: 'a@b.io', username: 'u', password: 'p' }] },
      });
      expect(bulkForeign.statusCode).toBe(404);
      expect(await sitesOf(network.id)).toEqual([]);
    });

    it.skipIf(skip)('refuses a list past the request size limit and imports none of it', async () => {
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id });
      const siteList = Array.from({ length: 30_000 }, (_, i) => `site-${i}.example.com|user${i}@example.com|user|password`).join('\n');
      const response = await ann.agent.request('POST', `/action/import/private_network/${network.id}`, { body: { siteList } });
      expect(response.statusCode).toBe(413);
      expect(errorOf(response)).toBe('The request body is too large');
      expect(await sitesOf(network.id)).toEqual([]);
    });

    it.skipIf(skip)('bulk upload takes JSON rows, reports bad rows, and sets the module when given', async () => {
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id });
      const response = await ann.agent.request('PUT', `/rest/private_network_bulk_upload/${network.id}`, {
        body: {
          module: 'PrivateBookmark',
          sites: [
            { siteUrl: 'https://bm.example.com', email: 'bm@example.com', username: 'u', password: 'p' },
            { siteUrl: 'https://bm2.example.com', email: 'bm2@example.com', username: 'u', password: '' },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ imported: 1, errorList: ['Row 2: Please enter password'] });
      expect(await sitesOf(network.id)).toEqual([expect.objectContaining({ siteUrl: 'https://bm.example.com', group: 'PrivateBookmark', platform: 'Unknown' })]);
      const empty = await ann.agent.request('PUT', `/rest/private_network_bulk_upload/${network.id}`, { body: { sites: [] } });
      expect(empty.statusCode).toBe(422);
      expect(errorOf(empty)).toBe('Please enter the list of sites');
    });

    it.skipIf(skip)("imports an account profile's accounts and lists only the user's profiles", async () => {
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id });
      const profile = await buildProfileWithAccounts(db(), {
        ownerId: ann.id, campaignName: 'Ann campaign', name: 'Blog accounts',
        accounts: [
          { siteName: 'https://acc.example.com', email: 'acc@example.com', username: 'acc', password: 'pw' },
          { siteName: 'acc2.example.com', email: 'acc2@example.com', username: 'acc2', password: 'pw2' },
          { siteName: 'broken site', email: 'b@example.com', username: 'b', password: 'pw' },
        ],
      });
      const bobProfile = await buildProfileWithAccounts(db(), {
        ownerId: bob.id, name: 'Bob accounts', accounts: [{ siteName: 'bob.example.com', email: 'bob@example.com', username: 'b', password: 'p' }],
      });

      const choices = (await ann.agent.request('GET', '/rest/private_network_profiles')).json();
      expect(choices.profiles).toContainEqual({ id: profile.id, name: 'Blog accounts', campaignId: profile.campaignId, campaignName: 'Ann campaign', count: 3 });
      expect(choices.profiles.map((p: { id: number }) => p.id)).not.toContain(bobProfile.id);

      const response = await ann.agent.request('POST', `/action/import/private_network/${network.id}/profile`, { body: { profileId: profile.id } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ imported: 2, errorList: [`Account broken site (b@example.com): ${PRIVATE_SITE_REASONS.siteInvalid}`] });
      expect((await sitesOf(network.id)).map((s) => s.siteUrl)).toEqual(['acc2.example.com', 'https://acc.example.com']);

      const missing = await ann.agent.request('POST', `/action/import/private_network/${network.id}/profile`, { body: {} });
      expect(missing.statusCode).toBe(422);
      expect(errorOf(missing)).toBe(PRIVATE_NETWORK_MESSAGES.profileRequired);
      const foreignProfile = await ann.agent.request('POST', `/action/import/private_network/${network.id}/profile`, { body: { profileId: bobProfile.id } });
      expect(foreignProfile.statusCode).toBe(404);
      const foreignNetwork = await bob.agent.request('POST', `/action/import/private_network/${network.id}/profile`, { body: { profileId: bobProfile.id } });
      expect(foreignNetwork.statusCode).toBe(404);
      expect(await sitesOf(network.id)).toHaveLength(2);
    });
  });

  describe('sites, export and site lists', () => {
    it.skipIf(skip)('deletes the sites whose {group, siteId, email} match, and nothing else', async () => {
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id, sites: [
        { siteUrl: 'one.example.com', email: 'one@x.io' }, { siteUrl: 'two.example.com', email: 'two@x.io' }, { siteUrl: 'three.example.com', email: 'three@x.io' },
      ] });
      const before = await sitesOf(network.id);
      const one = before.find((s) => s.email === 'one@x.io');
      const two = before.find((s) => s.email === 'two@x.io');
      const response = await ann.agent.request('DELETE', `/rest/private_network/${network.id}`, {
        body: [{ group: one!.group, siteId: one!.siteId, email: one!.email }, { group: 'Private', siteId: two!.siteId, email: 'someone-else@x.io' }],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: 1 });
      expect((await sitesOf(network.id)).map((s) => s.email)).toEqual(['three@x.io', 'two@x.io']);
      const empty = await ann.agent.request('DELETE', `/rest/private_network/${network.id}`, { body: [] });
      expect(empty.statusCode).toBe(422);
      expect(errorOf(empty)).toBe(PRIVATE_NETWORK_MESSAGES.selectSites);
    });

    it.skipIf(skip)('exports a re-importable text file and a formula-safe CSV', async () => {
      const network = await buildPrivateNetwork(db(), { ownerId: ann.id, name: 'Export me' });
      const lines = ['https://one.example.com|one@x.io|admin|=cmd|x', 'two.example.com|two@x.io|+user|p,"q"'];
      await ann.agent.request('POST', `/action/import/private_network/${network.id}`, { body: { siteList: lines.join('\n') } });

      const text = await ann.agent.request('GET', `/action/export/private_group/${network.id}`);
      expect(text.statusCode).toBe(200);
      expect(text.headers['content-type']).toContain('text/plain');
      expect(text.headers['content-disposition']).toContain('Export me_private_sites.txt');
      expect(text.body).toBe(`${lines.join('\r\n')}\r\n`);

      // Read back: importing the file into a new network gives the same sites.
      const copy = await buildPrivateNetwork(db(), { ownerId: ann.id });
      expect((await ann.agent.request('POST', `/action/import/private_network/${copy.id}`, { body: { siteList: text.body } })).json()).toEqual({ imported: 2, errorList: [] });
      const fields = (sites: { siteUrl: string; email: string; username: string; password: string }[]) => sites.map((s) => [s.siteUrl, s.email, s.username, s.password]);
      expect(fields(await sitesOf(copy.id))).toEqual(fields(await sitesOf(network.id)));

      const csv = await ann.agent.request('GET', `/action/export/private_group/${network.id}?format=csv`);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')).toEqual([
        'Site URL,Email,Username,Password,Module,Platform',
        "https://one.example.com,one@x.io,admin,'=cmd|x,Private,Unknown",
        `two.example.com,two@x.io,'+user,"p,""q""",Private,Unknown`,
        '',
      ]);
      expect((await ann.agent.request('GET', `/action/export/private_group/${network.id}?format=xls`)).statusCode).toBe(422);
    });

    it.skipIf(skip)("lists the user's sites with platform and module on /sites.json and /rest/sites", async () => {
      const user = await buildUser(db());
      const agent = await signedIn(ctx.server.app, user);
      const network = await buildPrivateNetwork(db(), { ownerId: user.id });
      await agent.request('POST', `/action/import/private_network/${network.id}`, { body: { selfHosted: true, siteList: 'wp.example.com|wp@x.io|u|p' } });
      await agent.request('PUT', `/rest/private_network_bulk_upload/${network.id}`, { body: { module: 'PrivateBookmark', sites: [{ siteUrl: 'bm.example.com', email: 'bm@x.io', username: 'u', password: 'p' }] } });
      for (const url of ['/sites.json', '/rest/sites']) {
        const response = await agent.request('GET', url);
        expect(response.statusCode).toBe(200);
        const { sites } = SiteListResponseSchema.parse(response.json());
        expect(sites).toEqual([
          { id: { module: 'Private', siteId: expect.any(Number) }, module: 'Private', platform: 'WordPress', siteUrl: 'wp.example.com', email: 'wp@x.io', pr: null, dofollow: null, status: 'NEW', premium: false, source: 'private_network', privateNetworkId: network.id },
          { id: { module: 'PrivateBookmark', siteId: expect.any(Number) }, module: 'PrivateBookmark', platform: 'Unknown', siteUrl: 'bm.example.com', email: 'bm@x.io', pr: null, dofollow: null, status: 'NEW', premium: false, source: 'private_network', privateNetworkId: network.id },
        ]);
      }
      const filtered = SiteListResponseSchema.parse((await agent.request('GET', '/rest/sites?module=PrivateBookmark')).json());
      expect(filtered.sites.map((s) => s.siteUrl)).toEqual(['bm.example.com']);
      // Another user sees none of them.
      const { sites: bobs } = SiteListResponseSchema.parse((await bob.agent.request('GET', '/sites.json')).json());
      expect(bobs.map((s) => s.siteUrl)).not.toContain('wp.example.com');
    });
  });

  describe('live topics', () => {
    it.skipIf(skip)('publishes addNew, editName, countChanged, PrivateSiteAdded/Deleted and deleted to the owner only', async () => {
      const [socket, bobSocket] = await Promise.all([connectedSocket(ann.agent), connectedSocket(bob.agent)]);
      const inbox = recorder(socket);
      expect(await subscribe(socket, 'private_networks')).toEqual({ ok: true });

      const network = (await ann.agent.request('PUT', '/rest/private_networks', { body: { name: 'Live' } })).json();
      await expect.poll(() => inbox.messages.at(-1)).toEqual({ topic: 'private_networks', name: 'addNew', payload: { id: network.id, name: 'Live', count: 0 } });
      expect(await subscribe(socket, `private_network/${network.id}`)).toEqual({ ok: true });
      expect(await subscribe(bobSocket, `private_network/${network.id}`)).toEqual({ ok: false, error: TOPIC_REFUSED });

      await ann.agent.request('POST', '/rest/private_networks', { body: { id: network.id, name: 'Live 2' } });
      await ann.agent.request('POST', `/action/import/private_network/${network.id}`, { body: { siteList: 'a.example.com|a@x.io|u|p\nb.example.com|b@x.io|u|p' } });
      const [site] = await sitesOf(network.id);
      await ann.agent.request('DELETE', `/rest/private_network/${network.id}`, { body: [{ group: site!.group, siteId: site!.siteId, email: site!.email }] });
      await ann.agent.request('DELETE', '/rest/private_networks', { body: [network.id] });

      await expect.poll(() => inbox.messages.length).toBe(7);
      // Order is kept within a topic (across topics the PostgreSQL adapter may interleave them).
      const on = (topic: string) => inbox.messages.filter((m) => m.topic === topic).map(({ name, payload }) => ({ name, payload }));
      expect(on('private_networks').slice(1)).toEqual([
        { name: 'editName', payload: { id: network.id, name: 'Live 2' } },
        { name: 'countChanged', payload: { id: network.id, count: 2 } },
        { name: 'countChanged', payload: { id: network.id, count: 1 } },
        { name: 'deleted', payload: { ids: [network.id] } },
      ]);
      expect(on(`private_network/${network.id}`)).toEqual([
        { name: 'PrivateSiteAdded', payload: { privateNetworkId: network.id, count: 2, total: 2 } },
        { name: 'PrivateSiteDeleted', payload: { privateNetworkId: network.id, count: 1, total: 1 } },
      ]);
    });
  });
});
