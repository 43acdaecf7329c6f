/**
 * Posting projects on the user's own sites (issue 13.6) against a real WordPress blog and a real
 * MediaWiki wiki (scripts/peers): the custom sites are added and verified through the HTTP API (the
 * verifier detects the platforms), a Web 2.0 project posts to the blog as an author account of the
 * account profile (REST, the author's application password), a Wiki project makes pages on the wiki
 * as the profile's wiki account, links are verified (dofollow on the blog, NOFOLLOW on the wiki,
 * which is what a wiki does), an Article Directory project posts to the blog listed under Web 2.0
 * Blogs (WordPress serves both), and a ticked site without an account fails with the reason.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomSitesResponseSchema, siteKey, type CustomSiteRow } from '@linkloom/shared';
import { startEngine } from '../../src/engine/jobs/engine';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { MediaWikiSession } from '../../src/engine/connectors/mediawiki/mediawiki-api';
import { articleUrl } from '../../src/engine/connectors/mediawiki/mediawiki-api';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildCampaign, buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { pageAnchors } from '../support/engine-world';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { untilWithin } from '../support/until';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeers, type MediaWikiPeerSite } from '../support/mediawiki-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers, type WordPressPeerSite } from '../support/wordpress-peers';

const [wordpress, mediawiki] = await Promise.all([wordPressAvailability(), mediaWikiAvailability()]);
const available = wordpress.available && mediawiki.available;
const skipReason = available ? '' : ` (SKIPPED: ${[wordpress, mediawiki].map((a) => (a.available ? '' : a.reason)).filter(Boolean).join('; ')})`;

const until = untilWithin(90_000, 200);

/** An author on the blog (REST, with the admin's application password) and an application password of its own. */
async function createAuthor(blog: WordPressPeerSite): Promise<{ username: string; email: string; applicationPassword: string }> {
  const admin = `Basic ${Buffer.from(`${blog.username}:${blog.applicationPassword}`).toString('base64')}`;
  const username = `author${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.test`;
  const created = await fetch(`${blog.url}/wp-json/wp/v2/users`, {
    method: 'POST', headers: { authorization: admin, 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password: `Pw-${randomBytes(8).toString('hex')}`, roles: ['author'] }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const password = await fetch(`${blog.url}/wp-json/wp/v2/users/${id}/application-passwords`, {
    method: 'POST', headers: { authorization: admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'linkloom' }),
  });
  expect(password.status).toBe(201);
  return { username, email, applicationPassword: ((await password.json()) as { password: string }).password };
}

/** An account on the wiki made the way a visitor makes one (createaccount; realname always sent). */
async function createWikiAccount(wiki: MediaWikiPeerSite): Promise<{ username: string; email: string; password: string }> {
  const session = new MediaWikiSession(wiki.apiUrl, { timeoutMs: 20_000, siteLabel: wiki.url });
  const username = `Writer${randomBytes(3).toString('hex')}`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const answer = await session.call({
    action: 'createaccount', username, password, retype: password, email: '', realname: '', createreturnurl: wiki.url, createtoken: await session.token('createaccount'),
  }, { post: true });
  expect((answer.createaccount as { status?: string }).status, JSON.stringify(answer)).toBe('PASS');
  return { username, email: `${username.toLowerCase()}@example.test`, password };
}

describe.skipIf(!available)(`engine: posting projects on the user's own sites${skipReason}`, () => {
  let blogs: WordPressPeers;
  let wikis: MediaWikiPeers;
  let blog: WordPressPeerSite;
  let wiki: MediaWikiPeerSite;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;
  let agent: Agent;

  beforeAll(async () => {
    [blogs, wikis] = await Promise.all([startWordPressPeers(1), startMediaWikiPeers(1)]);
    blog = blogs.sites[0] as WordPressPeerSite;
    wiki = wikis.sites[0] as MediaWikiPeerSite;
    handle = await createTestDatabase('sqlite');
    server = await startTestApp(handle, {}, { withLive: true });
    await startEngine(server.context);
    await listen(server);
    const user = await buildUser(server.database.db);
    ownerId = user.id;
    agent = await signedIn(server.app, user);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.drop();
    await Promise.all([blogs?.stop(), wikis?.stop()]);
  });

  const db = () => server.database.db;

  it('verifies the custom sites, then posts to the blog as its author and to the wiki as its account; a site without an account fails with the reason', async () => {
    // The user's own sites, added and verified as on the custom sites screen.
    const add = async (url: string, module: string, login?: { login: string; password: string }) => {
      const response = await agent.request('PUT', '/rest/custom_sites', { body: { url, module, ...(login ?? {}) } });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { site: CustomSiteRow }).site;
    };
    const blogSite = await add(blog.url, 'SocialNetwork', { login: blog.username, password: blog.applicationPassword });
    const wikiSite = await add(wiki.url, 'Wiki', { login: wiki.botUsername, password: wiki.botPassword });
    // Another host (accounts are matched by host): the profile has no account for it.
    const orphan = await add(blog.url.replace('127.0.0.1', 'localhost'), 'SocialNetwork');
    expect((await agent.request('POST', '/action/start/site_verifier')).json()).toEqual({ verifierStatus: 'CHECKING' });
    const verified = await until('the verifier to finish', async () => {
      const body = CustomSitesResponseSchema.parse((await agent.request('GET', '/rest/custom_sites')).json());
      return body.verifierStatus === 'DONE' ? body.sites : undefined;
    });
    expect(verified.find((site) => site.id === blogSite.id)).toMatchObject({ platform: 'WordPress', status: 'OK', credentialsOk: true, canRegister: true });
    expect(verified.find((site) => site.id === wikiSite.id)).toMatchObject({ platform: 'MediaWiki', status: 'OK', credentialsOk: true, canRegister: true });

    // The account profile: an author on the blog, a writer on the wiki (siteName + email), none for the orphan.
    const author = await createAuthor(blog);
    const writer = await createWikiAccount(wiki);
    const campaign = await buildCampaign(db(), { ownerId });
    const now = Date.now();
    const box = secretBoxOf(db());
    const profile = await db().insertInto('profiles').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Own accounts', group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('accounts').values([
      { owner_id: ownerId, profile_id: profile.id, site_name: blog.url, email: author.email, username: author.username, password: box.seal(author.applicationPassword), created_at: now },
      { owner_id: ownerId, profile_id: profile.id, site_name: wiki.url, email: writer.email, username: writer.username, password: box.seal(writer.password), created_at: now },
    ]).execute();

    // Articles, the links to place, and an output link set per project.
    const group = await db().insertInto('content_groups').values({ owner_id: ownerId, name: 'Articles', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('articles').values({
      owner_id: ownerId, content_group_id: group.id, title: 'Growing {tomatoes|beans} at home',
      body: 'Good soil makes the garden. Water early in the morning.\n\nMulch keeps the moisture in. Harvest in the cool of the day.', created_at: now, updated_at: now,
    }).execute();
    const input = await db().insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Money pages', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const link = `https://seeds-${randomBytes(3).toString('hex')}.example.test/shop`;
    await db().insertInto('url_items').values({ owner_id: ownerId, url_list_id: input.id, url: link, anchor: 'seed shop', date_added: now, created_at: now }).execute();

    async function postingProject(module: string, sites: CustomSiteRow[]) {
      const output = await db().insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: `${module} output`, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const form = {
        selectedCampaignId: campaign.id, profileId: profile.id, urlListId: output.id, contentGroupId: group.id, useLinkSet: true,
        linkSetProfiles: [{ linkSetId: input.id, name: 'Money pages', minLinks: 1, maxLinks: 1, linkProb: 100 }],
        linkPlacement: 'RandomParagraph', outputAnchor: 'Title', tags: 'garden',
      };
      const project = await db().insertInto('projects').values({
        owner_id: ownerId, campaign_id: campaign.id, name: `${module} project`, module, settings: JSON.stringify(form), created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      // Ticked through the screen's save, with the sites as the project's grid lists them.
      const saved = await agent.request('POST', '/rest/postingproject', {
        // Each site under its own module (a site of another module the platform serves too keeps it).
        body: { project: { id: project.id, ...form }, sites: sites.map((site) => ({ id: { module: site.module, siteId: site.id }, checked: true })), sessionUuid: `own-${module}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const ticked = await db().selectFrom('project_sites').select('site_key').where('project_id', '=', project.id).where('checked', '=', 1).execute();
      expect(ticked.map((row) => row.site_key).sort()).toEqual(sites.map((site) => siteKey({ module: site.module, siteId: site.id })).sort());
      return { projectId: project.id, outputId: output.id };
    }

    const web = await postingProject('SocialNetwork', [blogSite, orphan]);
    const wikiProject = await postingProject('Wiki', [wikiSite]);
    // An Article Directory project on the same blog, listed under Web 2.0 Blogs: WordPress takes
    // both modules' articles (ownSiteServesModule).
    const directory = await postingProject('ArticleDirectory', [blogSite]);
    for (const project of [web, wikiProject, directory]) {
      const started = await agent.request('GET', `/action/start/project/${project.projectId}`);
      expect(started.statusCode, started.body).toBe(200);
    }
    const finished = async (projectId: number) => until(`project ${projectId} to finish`, async () => {
      const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', projectId).executeTakeFirstOrThrow();
      return ['COMPLETED', 'FAILED'].includes(row.status) ? row : undefined;
    });

    // Web 2.0: the blog's post is by the author; the orphan fails with the missing account.
    const webDone = await finished(web.projectId);
    expect(webDone.status).toBe('FAILED');
    expect(JSON.parse(webDone.last_error ?? '[]')).toEqual([expect.stringContaining('the account profile "Own accounts" has no account for this site')]);
    const webPosts = await db().selectFrom('engine_posts').select(['state', 'remote_url', 'remote_id', 'account_email', 'site_key']).where('project_id', '=', web.projectId).orderBy('id').execute();
    const blogPost = webPosts.find((post) => post.site_key === siteKey({ module: 'SocialNetwork', siteId: blogSite.id }))!;
    expect(blogPost).toMatchObject({ state: 'published', account_email: author.email });
    const wpPost = (await (await fetch(`${blog.url}/wp-json/wp/v2/posts/${blogPost.remote_id}`)).json()) as { author: number };
    const authorUser = (await (await fetch(`${blog.url}/wp-json/wp/v2/users/${wpPost.author}`)).json()) as { slug: string };
    expect(authorUser.slug).toBe(author.username);
    expect(webPosts.find((post) => post.site_key === siteKey({ module: 'SocialNetwork', siteId: orphan.id }))?.state).toBe('failed');
    const webRows = await db().selectFrom('project_sites').select(['site_key', 'status']).where('project_id', '=', web.projectId).orderBy('site_key').execute();
    expect(Object.fromEntries(webRows.map((row) => [row.site_key, row.status]))).toEqual({
      [siteKey({ module: 'SocialNetwork', siteId: blogSite.id })]: 'SUCCESS',
      [siteKey({ module: 'SocialNetwork', siteId: orphan.id })]: 'FAILED',
    });

    const directoryDone = await finished(directory.projectId);
    expect(directoryDone, directoryDone.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });
    const [directoryPost] = await db().selectFrom('engine_posts').select(['state', 'remote_id', 'account_email', 'site_key']).where('project_id', '=', directory.projectId).execute();
    expect(directoryPost).toMatchObject({ state: 'published', account_email: author.email, site_key: siteKey({ module: 'SocialNetwork', siteId: blogSite.id }) });
    const directoryWpPost = (await (await fetch(`${blog.url}/wp-json/wp/v2/posts/${directoryPost!.remote_id}`)).json()) as { author: number };
    expect(directoryWpPost.author).toBe(wpPost.author);

    // Wiki: a page made by the writer's account, with the link as an external link.
    const wikiDone = await finished(wikiProject.projectId);
    expect(wikiDone, wikiDone.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });
    const [wikiPost] = await db().selectFrom('engine_posts').select(['state', 'remote_url', 'remote_id', 'intent_name', 'account_email']).where('project_id', '=', wikiProject.projectId).execute();
    expect(wikiPost).toMatchObject({ state: 'published', account_email: writer.email });
    // The page is named by the article's (spun) title: nothing of ours in its name.
    expect(wikiPost!.intent_name).toMatch(/^Growing (tomatoes|beans) at home/);
    expect(wikiPost!.remote_url).toBe(articleUrl({ server: wiki.url, articlepath: '/index.php/$1' }, wikiPost!.intent_name!));
    const revisions = (await (await fetch(`${wiki.apiUrl}?action=query&prop=revisions&rvprop=user&pageids=${wikiPost!.remote_id}&format=json&formatversion=2`)).json()) as { query: { pages: Array<{ revisions: Array<{ user: string }> }> } };
    expect(revisions.query.pages[0]?.revisions[0]?.user).toBe(writer.username);
    const anchors = pageAnchors(await (await fetch(wikiPost!.remote_url!)).text());
    expect(anchors.find((anchor) => anchor.href === link)).toMatchObject({ rel: 'nofollow' });

    // Verification reads each page as it is: followed on the blog, nofollow on the wiki.
    const checkOf = (outputId: number) => until(`the links of ${outputId} to be verified`, async () => {
      const rows = await db().selectFrom('url_items').select(['check_status', 'check_info']).where('url_list_id', '=', outputId).execute();
      return rows.length > 0 && rows.every((row) => row.check_status !== 'PENDING' && row.check_status !== 'NONE') ? rows : undefined;
    });
    expect((await checkOf(web.outputId)).map((row) => row.check_status)).toEqual(['OK']);
    expect((await checkOf(directory.outputId)).map((row) => row.check_status)).toEqual(['OK']);
    expect((await checkOf(wikiProject.outputId)).map((row) => row.check_status)).toEqual(['NOFOLLOW']);
  });
});
