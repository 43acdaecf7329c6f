/**
 * A 3-tier campaign whose tiers publish to three different platforms (issue 37), end to end on real
 * peers from Debian's packages, each on a loopback address of its own (a tier never links a page of
 * its own post's domain): tier 1 Web 2.0 posts on a WordPress blog, tier 2 Wiki pages on a DokuWiki
 * wiki linking to tier 1's posts, tier 3 bookmarks on a Shaarli site linking to tier 2's pages. The
 * user's sites are added and verified through the HTTP API (the verifier tells the three platforms
 * apart), the accounts are the profile's, each tier starts once the one above is published and
 * verified, and each published page is read back: the link to the tier above is there, and
 * verification judged it (dofollow on the blog, nofollow on the wiki as DokuWiki marks links).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomSitesResponseSchema, type CustomSiteRow } from '@linkloom/shared';
import { startEngine } from '../../src/engine/jobs/engine';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { createTestDatabase, type TestDatabaseHandle } from '../support/databases';
import { buildCampaign, buildUser } from '../support/factories';
import { signedIn, type Agent } from '../support/agent';
import { pageAnchors } from '../support/engine-world';
import { listen, startTestApp, type TestApp } from '../support/test-app';
import { untilWithin } from '../support/until';
import { dokuWikiAvailability, startDokuWikiPeers, type DokuWikiPeers } from '../support/dokuwiki-peers';
import { shaarliAvailability, startShaarliPeers, type ShaarliPeers } from '../support/shaarli-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers } from '../support/wordpress-peers';

const availability = await Promise.all([wordPressAvailability(), dokuWikiAvailability(), shaarliAvailability()]);
const available = availability.every((a) => a.available);
const skipReason = available ? '' : ` (SKIPPED: ${availability.map((a) => (a.available ? '' : a.reason)).filter(Boolean).join('; ')})`;
const until = untilWithin(120_000, 250);

describe.skipIf(!available)(`a 3-tier campaign on WordPress, DokuWiki and Shaarli${skipReason}`, () => {
  let blogs: WordPressPeers;
  let wikis: DokuWikiPeers;
  let shaarlis: ShaarliPeers;
  let handle: TestDatabaseHandle;
  let server: TestApp;
  let ownerId: number;
  let agent: Agent;

  beforeAll(async () => {
    [blogs, wikis, shaarlis] = await Promise.all([
      startWordPressPeers(1, { hosts: ['127.0.0.2'] }), startDokuWikiPeers(1, { hosts: ['127.0.0.3'] }), startShaarliPeers(1, { hosts: ['127.0.0.4'] }),
    ]);
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
    await Promise.all([blogs?.stop(), wikis?.stop(), shaarlis?.stop()]);
  });

  const db = () => server.database.db;

  it('publishes each tier on its platform, linking the tier above; every page read back carries its link', async () => {
    const blog = blogs.sites[0]!;
    const wiki = wikis.sites[0]!;
    const bookmarks = shaarlis.sites[0]!;
    const add = async (url: string, module: string, login: string, password: string) => {
      const response = await agent.request('PUT', '/rest/custom_sites', { body: { url, module, login, password } });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { site: CustomSiteRow }).site;
    };
    const blogSite = await add(blog.url, 'SocialNetwork', blog.username, blog.applicationPassword);
    const wikiSite = await add(wiki.url, 'Wiki', wiki.username, wiki.password);
    const shaarliSite = await add(bookmarks.url, 'Bookmarking', bookmarks.username, bookmarks.apiSecret);
    expect((await agent.request('POST', '/action/start/site_verifier')).json()).toEqual({ verifierStatus: 'CHECKING' });
    const verified = await until('the verifier to finish', async () => {
      const body = CustomSitesResponseSchema.parse((await agent.request('GET', '/rest/custom_sites')).json());
      return body.verifierStatus === 'DONE' ? body.sites : undefined;
    });
    expect(verified.map((site) => [site.id, site.platform, site.status]).sort()).toEqual([
      [blogSite.id, 'WordPress', 'OK'], [wikiSite.id, 'DokuWiki', 'OK'], [shaarliSite.id, 'Shaarli', 'OK'],
    ].sort());

    const campaign = await buildCampaign(db(), { ownerId });
    const now = Date.now();
    const box = secretBoxOf(db());
    const profile = await db().insertInto('profiles').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Own accounts', group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('accounts').values([
      { owner_id: ownerId, profile_id: profile.id, site_name: blog.url, email: 'writer@example.test', username: blog.username, password: box.seal(blog.applicationPassword), created_at: now },
      { owner_id: ownerId, profile_id: profile.id, site_name: wiki.url, email: 'wiki@example.test', username: wiki.username, password: box.seal(wiki.password), created_at: now },
      { owner_id: ownerId, profile_id: profile.id, site_name: bookmarks.url, email: 'links@example.test', username: bookmarks.username, password: box.seal(bookmarks.apiSecret), created_at: now },
    ]).execute();
    const group = await db().insertInto('content_groups').values({ owner_id: ownerId, name: 'Articles', created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('articles').values({
      owner_id: ownerId, content_group_id: group.id, title: 'Growing {tomatoes|beans} at home',
      body: 'Good soil makes the garden. Water early in the morning.\n\nMulch keeps the moisture in. Harvest in the cool of the day.', created_at: now, updated_at: now,
    }).execute();
    const money = await db().insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: 'Money pages', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const moneyUrl = 'https://seeds.example.test/shop';
    await db().insertInto('url_items').values({ owner_id: ownerId, url_list_id: money.id, url: moneyUrl, anchor: 'seed shop', date_added: now, created_at: now }).execute();

    /** A posting project of `module` on `site`, drawing one link from `linkSetId`, saved through the screen's call. */
    async function tier(module: string, site: CustomSiteRow, linkSetId: number) {
      const output = await db().insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: `${module} output`, created_at: now }).returning('id').executeTakeFirstOrThrow();
      const form = {
        selectedCampaignId: campaign.id, profileId: profile.id, urlListId: output.id, contentGroupId: group.id, useLinkSet: true,
        linkSetProfiles: [{ linkSetId, name: 'Targets', minLinks: 1, maxLinks: 1, linkProb: 100 }],
        linkPlacement: 'RandomParagraph', outputAnchor: 'Title', tags: 'garden',
      };
      const project = await db().insertInto('projects').values({
        owner_id: ownerId, campaign_id: campaign.id, name: `${module} tier`, module, settings: JSON.stringify(form), created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const saved = await agent.request('POST', '/rest/postingproject', {
        body: { project: { id: project.id, ...form }, sites: [{ id: { module: site.module, siteId: site.id }, checked: true }], sessionUuid: `three-${module}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const started = await agent.request('GET', `/action/start/project/${project.id}`);
      expect(started.statusCode, started.body).toBe(200);
      const done = await until(`the ${module} tier to finish`, async () => {
        const row = await db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', project.id).executeTakeFirstOrThrow();
        return ['COMPLETED', 'FAILED'].includes(row.status) ? row : undefined;
      });
      expect(done, done.last_error ?? '').toEqual({ status: 'COMPLETED', last_error: '[]' });
      const checked = await until(`the ${module} tier's link to be verified`, async () => {
        const rows = await db().selectFrom('url_items').select(['url', 'check_status']).where('url_list_id', '=', output.id).execute();
        return rows.length === 1 && !['PENDING', 'NONE'].includes(rows[0]!.check_status) ? rows[0]! : undefined;
      });
      const links = await db().selectFrom('engine_post_links').innerJoin('engine_posts', 'engine_posts.id', 'engine_post_links.post_id')
        .select('engine_post_links.url').where('engine_posts.project_id', '=', project.id).execute();
      return { outputId: output.id, page: checked.url, status: checked.check_status, linked: links.map((link) => link.url) };
    }

    const tier1 = await tier('SocialNetwork', blogSite, money.id);
    expect(tier1.page.startsWith(blog.url)).toBe(true);
    expect(tier1.status).toBe('OK');
    const tier2 = await tier('Wiki', wikiSite, tier1.outputId);
    expect(tier2.page).toMatch(new RegExp(`^${wiki.url.replace(/\./g, '\\.')}/doku\\.php\\?id=`));
    expect(tier2.linked).toEqual([tier1.page]);
    // DokuWiki marks external links ugc nofollow by default: verification says so.
    expect(tier2.status).toBe('NOFOLLOW');
    const tier3 = await tier('Bookmarking', shaarliSite, tier2.outputId);
    expect(tier3.page).toMatch(new RegExp(`^${bookmarks.url.replace(/\./g, '\\.')}/shaare/`));
    expect(tier3.linked).toEqual([tier2.page]);
    expect(['OK', 'NOFOLLOW']).toContain(tier3.status);

    // Each page read back: the link to the tier above is on it.
    const hrefs = async (url: string) => pageAnchors(await (await fetch(url)).text()).map((anchor) => anchor.href);
    expect(await hrefs(tier1.page)).toContain(moneyUrl);
    expect(await hrefs(tier2.page)).toContain(tier1.page);
    expect(await hrefs(tier3.page)).toContain(tier2.page);
  });
});
