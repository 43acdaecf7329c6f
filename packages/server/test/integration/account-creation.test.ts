/**
 * Account creation projects really register accounts (issue 14.4) on a real WordPress blog and a
 * real MediaWiki wiki (scripts/peers): the project is saved and started through the HTTP API, one
 * account per ticked site lands in the project's profile (newAccount live), WordPress through its
 * REST users endpoint with the site's admin login (an author with an application password of its
 * own), MediaWiki through createaccount with the address set; a user name already taken on the
 * blog is retried with a suffix; the wiki's confirmation mail lands in a real Dovecot (the wiki's
 * PHP sendmail hands it over), Verify mail follows it and the wiki shows the address confirmed;
 * a posting project then posts as the new accounts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteKey, type CustomSiteRow } from '@linkloom/shared';
import { startEngine } from '../../src/engine/jobs/engine';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildCampaign, buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { untilWithin } from '../support/until';
import { connectLive, connected, recorder, subscribe } from '../support/live-client';
import { dovecotAvailability, startDovecotPeer, type DovecotPeer } from '../support/dovecot-peers';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeers, type MediaWikiPeerSite } from '../support/mediawiki-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';

const [wordpress, mediawiki, dovecot] = await Promise.all([wordPressAvailability(), mediaWikiAvailability(), dovecotAvailability()]);
const available = wordpress.available && mediawiki.available && dovecot.available;
const skipReason = available ? '' : ` (SKIPPED: ${[wordpress, mediawiki, dovecot].map((a) => (a.available ? '' : a.reason)).filter(Boolean).join('; ')})`;

const until = untilWithin(90_000, 200);

describe.skipIf(!available)(`engine: account creation projects register accounts${skipReason}`, () => {
  let blogs: WordPressPeers;
  let wikis: MediaWikiPeers;
  let mail: DovecotPeer;
  let blog: WordPressPeerSite;
  let wiki: MediaWikiPeerSite;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;
  let agent: Agent;
  let baseUrl: string;

  beforeAll(async () => {
    // The wiki sends its confirmation mail through the Dovecot peer's sendmail: every address but
    // the named users lands in the first user's mailbox (the catch-all).
    mail = await startDovecotPeer({ catchall: 'catch all pw' });
    [blogs, wikis] = await Promise.all([startWordPressPeers(1), startMediaWikiPeers(1, { phpIniDir: mail.phpIniDir })]);
    blog = blogs.sites[0] as WordPressPeerSite;
    wiki = wikis.sites[0] as MediaWikiPeerSite;
    handle = await createTestDatabase('sqlite');
    server = await startTestApp(handle, {}, { withLive: true });
    await startEngine(server.context);
    baseUrl = await listen(server);
    const user = await buildUser(server.database.db);
    ownerId = user.id;
    agent = await signedIn(server.app, user);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.drop();
    await Promise.all([blogs?.stop(), wikis?.stop()]);
    await mail?.stop();
  });

  const db = () => server.database.db;
  const adminAuth = () => `Basic ${Buffer.from(`${blog.username}:${blog.applicationPassword}`).toString('base64')}`;

  it('registers one account per ticked site into the profile, retries a taken user name with a suffix, Verify mail confirms the wiki address, and a posting project posts as them', async () => {
    const add = async (url: string, module: string, login?: { login: string; password: string }) => {
      const response = await agent.request('PUT', '/rest/custom_sites', { body: { url, module, ...(login ?? {}) } });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { site: CustomSiteRow }).site;
    };
    const blogSite = await add(blog.url, 'SocialNetwork', { login: blog.username, password: blog.applicationPassword });
    const wikiSite = await add(wiki.url, 'Wiki');
    // The platforms as the verifier finds them (site-probe tests prove that part).
    await db().updateTable('custom_sites').set({ platform: 'WordPress' }).where('id', '=', blogSite.id).execute();
    await db().updateTable('custom_sites').set({ platform: 'MediaWiki' }).where('id', '=', wikiSite.id).execute();

    // Someone already has the form's user name on the blog: the run takes the next variant there.
    const name = `Reg${randomBytes(3).toString('hex')}`;
    const taken = await fetch(`${blog.url}/wp-json/wp/v2/users`, {
      method: 'POST', headers: { authorization: adminAuth(), 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, email: `someone-${name}@example.test`, password: 'Someone-pw-1', roles: ['subscriber'] }),
    });
    expect(taken.status).toBe(201);

    const campaign = await buildCampaign(db(), { ownerId });
    const now = Date.now();
    const profile = await db().insertInto('profiles').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'New accounts', group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const project = await db().insertInto('projects').values({
      owner_id: ownerId, campaign_id: campaign.id, name: 'Accounts', module: 'AccountCreation', created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const form = {
      profileId: profile.id, firstName: '{Anna|Anne}', lastName: 'Lee', username: name, password: `Pw-${randomBytes(6).toString('hex')}`,
      blogTitle: '', blogName: 'annas-garden', emailSource: 'LINKLOOM',
    };
    // The product's own email source: a catch-all mailbox whose pattern gives each account a fresh address.
    const catchAll = await agent.request('PUT', '/rest/user_emails', {
      body: { address: '{anna|ann}.*@mail.test', login: 'catchall', password: 'catch all pw', server: '127.0.0.1', port: mail.imap, protocol: 'imap', ssl: false },
    });
    expect(catchAll.statusCode, catchAll.body).toBeLessThan(300);
    const saved = await agent.request('POST', '/rest/acproject', {
      body: {
        project: { id: project.id, ...form },
        sites: [{ id: { module: 'SocialNetwork', siteId: blogSite.id }, checked: true }, { id: { module: 'Wiki', siteId: wikiSite.id }, checked: true }],
        sessionUuid: 'ac-session',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const socket = connectLive(baseUrl, agent);
    const inbox = recorder(socket);
    await connected(socket);
    await subscribe(socket, `profile/${profile.id}`);
    const started = await agent.request('GET', `/action/start/project/${project.id}`);
    expect(started.statusCode, started.body).toBe(200);
    const done = await until('the account creation project to finish', async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', project.id).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED'].includes(row.status) ? row : undefined;
    });
    expect(done, done.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });

    // The profile holds one account per site, each with a fresh address of the catch-all's pattern.
    const accounts = await db().selectFrom('accounts').select(['site_name', 'email', 'username', 'password']).where('profile_id', '=', profile.id).orderBy('id').execute();
    expect(accounts).toHaveLength(2);
    const box = secretBoxOf(db());
    const onBlog = accounts.find((account) => account.site_name === blogSite.url)!;
    const onWiki = accounts.find((account) => account.site_name === wikiSite.url)!;
    for (const account of [onBlog, onWiki]) expect(account.email).toMatch(/^(anna|ann)\.[a-z0-9]{8}@mail\.test$/);
    expect(onBlog.email).not.toBe(onWiki.email);
    expect(onBlog.username).toBe(`${name}2`);
    expect(onWiki.username).toBe(name);
    expect(box.open(onWiki.password)).toBe(form.password);
    const rows = await db().selectFrom('project_sites').select(['site_key', 'status', 'wait_info']).where('project_id', '=', project.id).orderBy('site_key').execute();
    expect(Object.fromEntries(rows.map((row) => [row.site_key, [row.status, row.wait_info]]))).toEqual({
      [siteKey({ module: 'SocialNetwork', siteId: blogSite.id })]: ['SUCCESS', '1 of 1 accounts'],
      [siteKey({ module: 'Wiki', siteId: wikiSite.id })]: ['SUCCESS', '1 of 1 accounts'],
    });
    await until('two newAccount messages', async () => (inbox.messages.filter((message) => message.name === 'newAccount').length === 2 ? true : undefined));
    socket.disconnect();

    // WordPress: an author with the form's names; the stored password is its application password.
    const found = (await (await fetch(`${blog.url}/wp-json/wp/v2/users?search=${name}2&context=edit`, { headers: { authorization: adminAuth() } })).json()) as Array<{ username: string; email: string; roles: string[]; first_name: string; last_name: string; nickname: string; description: string }>;
    expect(found).toHaveLength(1);
    // Its bio is the one the identity wrote about the campaign's subject (issue 34 item 6), not the blog's title.
    const registered = await db().selectFrom('account_registrations').select(['bio', 'blog_title']).where('username', '=', `${name}2`).executeTakeFirstOrThrow();
    expect(registered.bio).not.toBe('');
    expect(found[0]!.description).toBe(registered.bio);
    expect(found[0]).toMatchObject({ username: `${name}2`, email: onBlog.email, roles: ['author'], last_name: 'Lee', nickname: 'annas-garden' });
    expect(['Anna', 'Anne']).toContain(found[0]!.first_name);
    const me = await fetch(`${blog.url}/wp-json/wp/v2/users/me`, { headers: { authorization: `Basic ${Buffer.from(`${onBlog.username}:${box.open(onBlog.password)}`).toString('base64')}` } });
    expect(me.status).toBe(200);

    // MediaWiki: the account exists with its address set (emailable once confirmed; the address is stored).
    const users = (await (await fetch(`${wiki.apiUrl}?action=query&list=users&ususers=${encodeURIComponent(name)}&usprop=registration&format=json&formatversion=2`)).json()) as { query: { users: Array<{ missing?: boolean; registration?: string }> } };
    expect(users.query.users[0]?.missing).toBeUndefined();
    expect(users.query.users[0]?.registration).toBeTruthy();

    // Nothing was registered twice: one registration per site, each tied to its account.
    const registrations = await db().selectFrom('account_registrations').select(['username', 'suffix', 'account_id']).orderBy('id').execute();
    expect(registrations.map((row) => row.account_id !== null)).toEqual([true, true]);
    expect(registrations.map((row) => row.suffix).sort()).toEqual([0, 1]);

    // Verify mail: the wiki's confirmation mail came to the catch-all mailbox; its link is followed
    // and the wiki shows the address confirmed. The blog sends no mail for a REST-made user, so
    // that account keeps waiting until Stop verifying.
    const emailable = async () => ((await (await fetch(`${wiki.apiUrl}?action=query&list=users&ususers=${encodeURIComponent(name)}&usprop=emailable&format=json&formatversion=2`)).json()) as { query: { users: Array<{ emailable?: boolean }> } }).query.users[0]?.emailable ?? false;
    expect(await emailable()).toBe(false);
    expect((await agent.request('GET', `/action/start/verifying/${project.id}`)).statusCode).toBe(200);
    const verifiedLine = `Verified 1 of 2 accounts; ${onBlog.email} (${blogSite.url}): no confirmation mail yet`;
    await expect.poll(async () => {
      const row = await db().selectFrom('projects').select('settings').where('id', '=', project.id).executeTakeFirstOrThrow();
      return (JSON.parse(row.settings) as { verificationInfo?: { status?: string } }).verificationInfo?.status;
    }, { timeout: 60_000, interval: 200 }).toBe(verifiedLine);
    expect(await emailable()).toBe(true);
    const verified = await db().selectFrom('accounts').select(['site_name', 'verified_at']).where('profile_id', '=', profile.id).execute();
    expect(verified.find((row) => row.site_name === wikiSite.url)?.verified_at).toEqual(expect.any(Number));
    expect(verified.find((row) => row.site_name === blogSite.url)?.verified_at).toBeNull();
    expect((await agent.request('GET', `/action/stop/verifying/${project.id}`)).statusCode).toBe(200);
    await until('the project back from verifying', async () => {
      const row = await db().selectFrom('projects').select('status').where('id', '=', project.id).executeTakeFirstOrThrow();
      return row.status === 'COMPLETED' ? true : undefined;
    });

    // A posting project posts as the new accounts on both sites.
    const group = await db().insertInto('content_groups').values({ owner_id: ownerId, name: 'Articles', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('articles').values({
      owner_id: ownerId, content_group_id: group.id, title: 'Growing {tomatoes|beans} at home',
      body: 'Good soil makes the garden. Water early in the morning.\n\nMulch keeps the moisture in. Harvest in the cool of the day.', created_at: now, updated_at: now,
    }).execute();
    const input = await db().insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Money pages', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('url_items').values({ owner_id: ownerId, url_list_id: input.id, url: `https://seeds-${name}.example.test/shop`, anchor: 'seed shop', date_added: now, created_at: now }).execute();
    const postingIds: Array<{ id: number; module: string }> = [];
    for (const [module, site] of [['SocialNetwork', blogSite], ['Wiki', wikiSite]] as const) {
      const output = await db().insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: `${module} output`, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const postingForm = { selectedCampaignId: campaign.id, profileId: profile.id, urlListId: output.id, contentGroupId: group.id, useLinkSet: true,
        linkSetProfiles: [{ linkSetId: input.id, name: 'Money pages', minLinks: 1, maxLinks: 1, linkProb: 100 }], linkPlacement: 'RandomParagraph', outputAnchor: 'Title', tags: 'garden',
      };
      const posting = await db().insertInto('projects').values({ owner_id: ownerId, campaign_id: campaign.id, name: `${module} posts`, module, settings: JSON.stringify(postingForm), created_at: now }).returning('id').executeTakeFirstOrThrow();
      const ticked = await agent.request('POST', '/rest/postingproject', {
        body: { project: { id: posting.id, ...postingForm }, sites: [{ id: { module, siteId: site.id }, checked: true }], sessionUuid: `posting-${module}` },
      });
      expect(ticked.statusCode, ticked.body).toBe(200);
      expect((await agent.request('GET', `/action/start/project/${posting.id}`)).statusCode).toBe(200);
      postingIds.push({ id: posting.id, module });
    }
    for (const posting of postingIds) {
      const finished = await until(`posting project ${posting.module} to finish`, async () => {
        const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', posting.id).executeTakeFirstOrThrow();
        return ['COMPLETED', 'FAILED'].includes(row.status) ? row : undefined;
      });
      expect(finished, finished.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });
      const [post] = await db().selectFrom('engine_posts').select(['state', 'account_email', 'remote_id']).where('project_id', '=', posting.id).execute();
      expect(post).toMatchObject({ state: 'published', account_email: posting.module === 'Wiki' ? onWiki.email : onBlog.email });
    }
  });
});
