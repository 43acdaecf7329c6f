import { describe, expect, it } from 'vitest';
import {
  CUSTOM_SITE_MESSAGES, CustomSitesResponseSchema, SiteListResponseSchema, siteKey, type CustomSiteRow,
} from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { signedIn } from '../support/agent';
import { buildUser } from '../support/factories';
import { buildLinkSet } from '../support/link-factories';
import { buildPrivateNetwork } from '../support/private-network-factories';
import { multipart } from '../support/multipart';
import { FIRST_CUSTOM_SITE_ID } from '../../src/platform/db/migrations/0027-custom-site-ids';
import type { Agent } from '../support/agent';

describe.each(DATABASES)('custom sites on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;

  const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;
  const sitesOf = async (agent: Agent): Promise<CustomSiteRow[]> => CustomSitesResponseSchema.parse((await agent.request('GET', '/rest/custom_sites')).json()).sites;
  const freshUser = async () => {
    const user = await buildUser(db());
    return { ...user, agent: await signedIn(ctx.server.app, user) };
  };
  const upload = (agent: Agent, url: string, files: { name: string; content: string }[]) => {
    const { body, headers } = multipart(files, { contentType: 'text/plain' });
    return agent.request('POST', url, { body, headers });
  };

  it.skipIf(skip)('starts empty with the modules and the verifier at NEW', async () => {
    const user = await freshUser();
    const response = await user.agent.request('GET', '/rest/custom_sites');
    expect(response.statusCode).toBe(200);
    const body = CustomSitesResponseSchema.parse(response.json());
    expect(body.sites).toEqual([]);
    expect(body.verifierStatus).toBe('NEW');
    expect(body.verifierProgress).toEqual({ checked: 0, total: 0 });
    expect(body.modules).toContainEqual({ id: 'SocialNetwork', name: 'Web 2.0 Blogs' });
    expect(body.modules).toContainEqual({ id: 'Wiki', name: 'Wiki' });
  });

  it.skipIf(skip)('adds a site with sealed credentials, normalises its URL and merges a second add of it', async () => {
    const user = await freshUser();
    const inbox = await liveInbox(user.agent, 'custom_sites');
    const added = await user.agent.request('PUT', '/rest/custom_sites', {
      body: { url: ' HTTPS://Blog.Example.COM/ ', module: 'SocialNetwork', login: 'admin', password: 'app pass 1', da: 42, premium: true },
    });
    expect(added.statusCode).toBe(201);
    const site = added.json().site as CustomSiteRow;
    expect(site).toMatchObject({
      module: 'SocialNetwork', url: 'https://blog.example.com', host: 'blog.example.com', login: 'admin', hasPassword: true,
      da: 42, premium: true, platform: 'Unknown', status: 'NEW', reason: '', canRegister: null, credentialsOk: null, checkedAt: null,
    });
    const stored = await db().selectFrom('custom_sites').select('password_sealed').where('id', '=', site.id).executeTakeFirstOrThrow();
    expect(stored.password_sealed).not.toContain('app pass 1');
    await expect.poll(() => inbox.messages.at(-1)).toEqual({ topic: 'custom_sites', name: 'sitesInserted', payload: { ids: [site.id] } });

    // Once verified, a second add of the site updates DA and premium and keeps the login it does not give.
    await db().updateTable('custom_sites').set({ status: 'OK', platform: 'WordPress', reason: 'works', credentials_ok: 1 }).where('id', '=', site.id).execute();
    const again = await user.agent.request('PUT', '/rest/custom_sites', { body: { url: 'blog.example.com', module: 'SocialNetwork', da: 50 } });
    expect(again.statusCode).toBe(201);
    expect(again.json().site).toMatchObject({ id: site.id, da: 50, premium: false, login: 'admin', hasPassword: true, status: 'OK', credentialsOk: true });
    const noDa = await user.agent.request('POST', '/action/import/custom_sites', { body: { module: 'SocialNetwork', siteList: 'https://blog.example.com' } });
    expect(noDa.json()).toEqual({ imported: 1, errorList: [] });
    expect((await sitesOf(user.agent))[0]).toMatchObject({ id: site.id, da: 50, login: 'admin', status: 'OK' });
    // New credentials: the verifier's verdict no longer holds.
    const newLogin = await user.agent.request('PUT', '/rest/custom_sites', { body: { url: 'blog.example.com', module: 'SocialNetwork', login: 'editor', password: 'other pass' } });
    expect(newLogin.json().site).toMatchObject({ id: site.id, da: 50, login: 'editor', status: 'NEW', reason: '', credentialsOk: null, platform: 'WordPress' });
    // The same URL under another module is another site.
    await user.agent.request('PUT', '/rest/custom_sites', { body: { url: 'blog.example.com', module: 'Bookmarking' } });
    expect((await sitesOf(user.agent)).map((s) => [s.module, s.url])).toEqual([
      ['Bookmarking', 'https://blog.example.com'], ['SocialNetwork', 'https://blog.example.com'],
    ]);
  });

  it.skipIf(skip)('refuses bad input with 422 and the field\'s message', async () => {
    const user = await freshUser();
    const cases: [unknown, string][] = [
      [{ module: 'Wiki' }, CUSTOM_SITE_MESSAGES.urlRequired],
      [{ url: '  ', module: 'Wiki' }, CUSTOM_SITE_MESSAGES.urlRequired],
      [{ url: 'not a site', module: 'Wiki' }, CUSTOM_SITE_MESSAGES.urlInvalid],
      [{ url: 'ftp://x.example.com', module: 'Wiki' }, CUSTOM_SITE_MESSAGES.urlInvalid],
      [{ url: 'wiki.example.com' }, CUSTOM_SITE_MESSAGES.moduleRequired],
      [{ url: 'wiki.example.com', module: 'Private' }, CUSTOM_SITE_MESSAGES.moduleRequired],
      [{ url: 'wiki.example.com', module: 'Wiki', da: 101 }, CUSTOM_SITE_MESSAGES.daRange],
      [{ url: 'wiki.example.com', module: 'Wiki', da: 4.5 }, CUSTOM_SITE_MESSAGES.daRange],
      [{ url: 'wiki.example.com', module: 'Wiki', login: 'bot' }, CUSTOM_SITE_MESSAGES.credentialsPair],
      [{ url: 'wiki.example.com', module: 'Wiki', password: 'pw' }, CUSTOM_SITE_MESSAGES.credentialsPair],
    ];
    for (const [body, message] of cases) {
      const response = await user.agent.request('PUT', '/rest/custom_sites', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response)).toBe(message);
    }
    const empty = await user.agent.request('POST', '/action/import/custom_sites', { body: { module: 'Wiki', siteList: ' \n ' } });
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty)).toBe(CUSTOM_SITE_MESSAGES.siteListRequired);
    expect(await sitesOf(user.agent)).toEqual([]);
  });

  it.skipIf(skip)('imports pasted lines of one module with per-line errors, and updates on re-import', async () => {
    const user = await freshUser();
    const response = await user.agent.request('POST', '/action/import/custom_sites', {
      body: { module: 'Wiki', siteList: 'wiki.example.com|30||Bot@wiki|pw|with|pipes\n\nbad site\nhttps://w2.example.org/w|101\nhttps://w3.example.org|5|gold\nhttps://w4.example.org||premium\nWIKI.example.com/' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      imported: 2,
      errorList: [
        `Line 3: ${CUSTOM_SITE_MESSAGES.urlInvalid}`,
        `Line 4: ${CUSTOM_SITE_MESSAGES.daRange}`,
        "Line 5: The premium field must be 'premium' or empty",
      ],
    });
    const sites = await sitesOf(user.agent);
    // Line 7 is line 1's site again: the later line wins (no DA, no login).
    expect(sites.map((s) => ({ url: s.url, da: s.da, premium: s.premium, login: s.login }))).toEqual([
      { url: 'https://w4.example.org', da: null, premium: true, login: null },
      { url: 'https://wiki.example.com', da: null, premium: false, login: null },
    ]);
    const again = await user.agent.request('POST', '/action/import/custom_sites', { body: { module: 'Wiki', siteList: 'https://wiki.example.com|30||Bot@wiki|pw|with|pipes' } });
    expect(again.json()).toEqual({ imported: 1, errorList: [] });
    const [updated] = (await sitesOf(user.agent)).filter((s) => s.url === 'https://wiki.example.com');
    expect(updated).toMatchObject({ da: 30, login: 'Bot@wiki', hasPassword: true });
    expect(await sitesOf(user.agent)).toHaveLength(2);
  });

  it.skipIf(skip)('imports a text file of one module and Import All files; Export All reads back unchanged', async () => {
    const user = await freshUser();
    const one = await upload(user.agent, '/action/upload/custom_sites?module=Bookmarking', [{ name: 'bm.txt', content: 'bm.example.com|12\r\nnope\r\nbm2.example.com||premium|u|p' }]);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ imported: 2, errorList: [`bm.txt, line 2: ${CUSTOM_SITE_MESSAGES.urlInvalid}`] });
    const all = await upload(user.agent, '/action/upload/custom_sites', [{ name: 'all.txt', content: 'Wiki|https://wiki.example.net/w/|7|||\nWeb 2.0 Blogs|blog.example.net||premium|admin|a b|c\nPrivate|x.example.net\nhttps://nomodule.example.net' }]);
    expect(all.json()).toEqual({
      imported: 2,
      errorList: [`all.txt, line 3: ${CUSTOM_SITE_MESSAGES.moduleUnknown}`, `all.txt, line 4: ${CUSTOM_SITE_MESSAGES.moduleUnknown}`],
    });
    const exported = await user.agent.request('GET', '/action/export/custom_sites');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('custom_sites.txt');
    const file = exported.body;
    expect(file.split('\r\n').filter(Boolean).sort()).toEqual([
      'Bookmarking|https://bm.example.com|12|||',
      'Bookmarking|https://bm2.example.com||premium|u|p',
      'SocialNetwork|https://blog.example.net||premium|admin|a b|c',
      'Wiki|https://wiki.example.net/w/|7|||',
    ]);
    // Round trip: another user imports the file with Import All and exports the very same file.
    const other = await freshUser();
    const back = await upload(other.agent, '/action/upload/custom_sites', [{ name: 'custom_sites.txt', content: file }]);
    expect(back.json()).toEqual({ imported: 4, errorList: [] });
    expect((await other.agent.request('GET', '/action/export/custom_sites')).body).toBe(file);
    const strip = (s: CustomSiteRow) => ({ ...s, id: 0 });
    expect((await sitesOf(other.agent)).map(strip)).toEqual((await sitesOf(user.agent)).map(strip));
    // Pasted Import All reads the same file too.
    const third = await freshUser();
    expect((await third.agent.request('POST', '/action/import/all_custom_sites', { body: { siteList: file } })).json()).toEqual({ imported: 4, errorList: [] });
  });

  it.skipIf(skip)('refuses a binary file and a request without a file', async () => {
    const user = await freshUser();
    const binary = await upload(user.agent, '/action/upload/custom_sites?module=Wiki', [{ name: 'x.bin', content: '\u0000\u0001abc' }]);
    expect(binary.json()).toEqual({ imported: 0, errorList: [`x.bin: ${CUSTOM_SITE_MESSAGES.notText}`] });
    const json = await user.agent.request('POST', '/action/upload/custom_sites?module=Wiki', { body: { a: 1 } });
    expect(json.statusCode).toBe(406);
    const badModule = await upload(user.agent, '/action/upload/custom_sites?module=Nope', [{ name: 'a.txt', content: 'a.example.com' }]);
    expect(badModule.statusCode).toBe(422);
  });

  it.skipIf(skip)("deletes sites, all or nothing; another user's ids answer 404", async () => {
    const inbox = await liveInbox(ann.agent, 'custom_sites');
    await ann.agent.request('POST', '/action/import/custom_sites', { body: { module: 'PDF', siteList: 'pdf1.example.com\npdf2.example.com' } });
    const [first, second] = await sitesOf(ann.agent);
    expect((await bob.agent.request('DELETE', '/rest/custom_sites', { body: [first!.id] })).statusCode).toBe(404);
    const bobs = (await bob.agent.request('PUT', '/rest/custom_sites', { body: { url: 'bob.example.com', module: 'PDF' } })).json().site as CustomSiteRow;
    expect((await ann.agent.request('DELETE', '/rest/custom_sites', { body: [first!.id, bobs.id] })).statusCode).toBe(404);
    expect(await sitesOf(ann.agent)).toHaveLength(2);
    const deleted = await ann.agent.request('DELETE', '/rest/custom_sites', { body: [first!.id] });
    expect(deleted.json()).toEqual({ ids: [first!.id] });
    expect((await sitesOf(ann.agent)).map((s) => s.id)).toEqual([second!.id]);
    expect((await sitesOf(bob.agent)).map((s) => s.id)).toEqual([bobs.id]);
    await expect.poll(() => inbox.messages.at(-1)).toEqual({ topic: 'custom_sites', name: 'sitesDeleted', payload: { ids: [first!.id] } });
    expect(inbox.messages.map((m) => m.name)).toEqual(['sitesInserted', 'sitesDeleted']);
    const empty = await ann.agent.request('DELETE', '/rest/custom_sites', { body: [] });
    expect(empty.statusCode).toBe(422);
  });

  it.skipIf(skip)("flags sites premium and back, all or nothing; another user's ids answer 404; login and DA stay", async () => {
    const user = await freshUser();
    const inbox = await liveInbox(user.agent, 'custom_sites');
    const added = (await user.agent.request('PUT', '/rest/custom_sites', { body: { url: 'blog.example.com', module: 'SocialNetwork', login: 'admin', password: 'pw', da: 30 } })).json().site as CustomSiteRow;
    await user.agent.request('POST', '/action/import/custom_sites', { body: { module: 'Wiki', siteList: 'wiki.example.com' } });
    const wiki = (await sitesOf(user.agent)).find((site) => site.module === 'Wiki')!;
    const bobs = (await bob.agent.request('PUT', '/rest/custom_sites', { body: { url: 'bob-premium.example.com', module: 'PDF' } })).json().site as CustomSiteRow;

    expect((await user.agent.request('POST', '/action/premium/custom_sites', { body: { ids: [added.id, bobs.id], premium: true } })).statusCode).toBe(404);
    expect((await bob.agent.request('POST', '/action/premium/custom_sites', { body: { ids: [added.id], premium: true } })).statusCode).toBe(404);
    expect((await sitesOf(user.agent)).every((site) => !site.premium)).toBe(true);
    expect((await user.agent.request('POST', '/action/premium/custom_sites', { body: { ids: [], premium: true } })).statusCode).toBe(422);
    expect((await user.agent.request('POST', '/action/premium/custom_sites', { body: { ids: [added.id] } })).statusCode).toBe(422);

    const flagged = await user.agent.request('POST', '/action/premium/custom_sites', { body: { ids: [wiki.id, added.id, added.id], premium: true } });
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json()).toEqual({ ids: [added.id, wiki.id].sort((a, b) => a - b) });
    await expect.poll(() => inbox.messages.at(-1)).toEqual({ topic: 'custom_sites', name: 'sitesInserted', payload: { ids: [added.id, wiki.id].sort((a, b) => a - b) } });
    const after = await sitesOf(user.agent);
    expect(after.find((site) => site.id === added.id)).toMatchObject({ premium: true, login: 'admin', hasPassword: true, da: 30 });
    expect(after.find((site) => site.id === wiki.id)?.premium).toBe(true);
    expect((await sitesOf(bob.agent))[0]?.premium).toBe(false);

    const unflagged = await user.agent.request('POST', '/action/premium/custom_sites', { body: { ids: [wiki.id], premium: false } });
    expect(unflagged.json()).toEqual({ ids: [wiki.id] });
    expect((await sitesOf(user.agent)).map((site) => [site.id, site.premium])).toEqual(expect.arrayContaining([[added.id, true], [wiki.id, false]]));
  });

  it.skipIf(skip)('lists custom and private sites on /sites.json and /rest/sites with DA, measured dofollow and status', async () => {
    const user = await freshUser();
    await user.agent.request('PUT', '/rest/custom_sites', { body: { url: 'https://wp.example.com', module: 'SocialNetwork', da: 35, premium: true } });
    await user.agent.request('PUT', '/rest/custom_sites', { body: { url: 'https://wiki.example.com', module: 'Wiki' } });
    const network = await buildPrivateNetwork(db(), { ownerId: user.id, sites: [{ siteUrl: 'pbn.example.com', email: 'p@x.io' }] });
    // Verified links: 3 of 4 followed on wp.example.com, 0 of 1 on the private site; unverified ones do not count.
    await buildLinkSet(db(), {
      ownerId: user.id,
      links: [
        { url: 'https://wp.example.com/a', site: 'https://wp.example.com', checkStatus: 'OK' },
        { url: 'https://wp.example.com/b', site: 'https://wp.example.com', checkStatus: 'OK' },
        { url: 'https://wp.example.com/c', site: 'wp.example.com', checkStatus: 'OK' },
        { url: 'https://wp.example.com/d', site: 'https://wp.example.com', checkStatus: 'NOFOLLOW' },
        { url: 'https://wp.example.com/e', site: 'https://wp.example.com', checkStatus: 'MISSING' },
        { url: 'https://wiki.example.com/e', site: 'https://wiki.example.com', checkStatus: 'PENDING' },
        { url: 'https://pbn.example.com/x', site: 'pbn.example.com', checkStatus: 'NOFOLLOW' },
      ],
    });
    await db().updateTable('custom_sites').set({ platform: 'WordPress', status: 'OK' }).where('host', '=', 'wp.example.com').execute();
    for (const url of ['/sites.json', '/rest/sites']) {
      const { sites } = SiteListResponseSchema.parse((await user.agent.request('GET', url)).json());
      expect(sites.map(({ id: _id, ...rest }) => rest)).toEqual([
        { module: 'SocialNetwork', platform: 'WordPress', siteUrl: 'https://wp.example.com', email: '', pr: 35, dofollow: 0.75, status: 'OK', premium: true, source: 'custom', privateNetworkId: null },
        { module: 'Wiki', platform: 'Unknown', siteUrl: 'https://wiki.example.com', email: '', pr: null, dofollow: null, status: 'NEW', premium: false, source: 'custom', privateNetworkId: null },
        { module: 'Private', platform: 'Unknown', siteUrl: 'pbn.example.com', email: 'p@x.io', pr: null, dofollow: 0, status: 'NEW', premium: false, source: 'private_network', privateNetworkId: network.id },
      ]);
    }
    // The custom sites screen shows the same measured share.
    expect((await sitesOf(user.agent)).map((s) => [s.url, s.dofollow])).toEqual([['https://wp.example.com', 0.75], ['https://wiki.example.com', null]]);
    const wiki = SiteListResponseSchema.parse((await user.agent.request('GET', '/rest/sites?module=Wiki')).json());
    expect(wiki.sites.map((s) => s.siteUrl)).toEqual(['https://wiki.example.com']);
    const { sites: bobs } = SiteListResponseSchema.parse((await bob.agent.request('GET', '/sites.json')).json());
    expect(bobs.map((s) => s.siteUrl)).not.toContain('https://wp.example.com');
  });

  it.skipIf(skip)('gives a custom site a key no private site of its module has (ids from FIRST_CUSTOM_SITE_ID)', async () => {
    const user = await freshUser();
    const network = await buildPrivateNetwork(db(), { ownerId: user.id, sites: [{ siteUrl: 'pbn.example.com', email: 'p@x.io' }] });
    // A private site posting as a Web 2.0 blog, as older projects made them.
    await db().updateTable('private_sites').set({ module: 'SocialNetwork' }).where('private_network_id', '=', network.id).execute();
    expect((await user.agent.request('PUT', '/rest/custom_sites', { body: { url: 'https://wp.example.com', module: 'SocialNetwork' } })).statusCode).toBe(201);
    const [custom] = await sitesOf(user.agent);
    expect(custom!.id).toBeGreaterThanOrEqual(FIRST_CUSTOM_SITE_ID);
    const { sites } = SiteListResponseSchema.parse((await user.agent.request('GET', '/rest/sites?module=SocialNetwork')).json());
    expect(sites.map((site) => site.source).sort()).toEqual(['custom', 'private_network']);
    expect(new Set(sites.map((site) => siteKey(site.id))).size).toBe(2);
  });
});
