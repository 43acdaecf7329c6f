/**
 * Issue 17: a campaign made in the wizard runs, watched in the browser. As a new user with two of
 * their own WordPress blogs (real peers, scripts/peers/wordpress.sh), the built-in '2-Tier Web 2.0
 * Pyramid' becomes a campaign in the wizard that starts now (the Schedule tab's default, so Create
 * Campaign starts it at once: the campaign is created active); the campaign screen shows, live, tier 1's
 * projects and then each tier-2 project after its tier-1 parent finish; on the blogs, tier 1's posts
 * link the money site, tier 2's bookmarks link tier 1's posts and its Web 2.0 profiles carry a link to one in
 * their account's website and bio. Skipped, with the reason, where WordPress peers cannot run (like the
 * integration tests; REQUIRE_WORDPRESS=1 makes that a failure).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CampaignDetailResponseSchema } from '@linkloom/shared';
import { pageAnchors } from '../packages/server/test/support/engine-world';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers } from '../packages/server/test/support/wordpress-peers';
import { insertContentGroup } from '../packages/server/src/features/content/content-groups.repository';
import { callAs, routeOf, visit, waitForRoute } from './support/app';
import { chooseOption } from './support/select';
import { seedAsUser } from './support/server-database';
import { useSignedInSuite } from './support/suite';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;

const USER = { username: 'wizard-runs@example.com', password: 'wizard campaign runs e2e' };
const MONEY = ['https://seeds.example.test/', 'https://seeds.example.test/heirloom'];
const ARTICLE = [
  'Growing vegetables at home is simple once the soil is right. Good compost feeds the beds for a whole season.',
  'Water early in the morning so the leaves dry before noon. Mulch keeps the moisture in and the weeds out.',
  'Rotate the crops every year: beans after cabbage, roots after beans. The soil stays healthy and pests find less to eat.',
].join('\n\n');
/** Tier 1 of the built-in pyramid posts as Web 2.0 blogs; tier 2 as Web 2.0 profiles and bookmarks. */
const TIER1_MODULES = new Set(['SocialNetwork']);
const TIER2_MODULES = new Set(['WebProfile', 'Bookmarking']);
const FINISHED = new Set(['COMPLETED', 'FAILED']);

/** The links of every published post of a blog (its REST API, as any visitor reads it), but WordPress's own sample post. */
async function postsOf(blogUrl: string): Promise<{ link: string; hrefs: string[] }[]> {
  const response = await fetch(`${blogUrl}/wp-json/wp/v2/posts?per_page=100`);
  expect(response.status).toBe(200);
  const posts = (await response.json()) as { link: string; slug: string; content: { rendered: string } }[];
  return posts.filter((post) => post.slug !== 'hello-world').map((post) => ({ link: post.link, hrefs: pageAnchors(post.content.rendered).map((anchor) => anchor.href) }));
}

/** Every user of a blog with the website and bio of their profile (as its administrator reads them). */
async function profilesOf(blog: { url: string; username: string; applicationPassword: string }): Promise<{ url: string; description: string }[]> {
  const authorization = `Basic ${Buffer.from(`${blog.username}:${blog.applicationPassword}`).toString('base64')}`;
  const response = await fetch(`${blog.url}/wp-json/wp/v2/users?context=edit&per_page=100`, { headers: { authorization } });
  expect(response.status).toBe(200);
  return (await response.json()) as { url: string; description: string }[];
}

describe.skipIf(!availability.available)(`wizard campaign runs on the user's WordPress blogs${skipReason}`, () => {
  let peers: WordPressPeers | undefined;
  beforeAll(async () => {
    // Each blog on a host of its own: tier 2 never links a post on its own domain (issue 34), and an IP address is its own domain.
    peers = await startWordPressPeers(2, { hosts: ['127.0.0.1', '127.0.0.2'] });
  }, 240_000);
  afterAll(async () => {
    await peers?.stop();
  });
  const suite = useSignedInSuite(USER);
  const blogs = () => {
    if (!peers) throw new Error('The blogs start in beforeAll');
    return peers.sites;
  };

  test('2-Tier Web 2.0 Pyramid from the wizard: created, started, tier 1 then tier 2 finish live; the posts link the money site and tier 1', async (ctx) => {
    const { page, pageErrors } = await suite.signedInPage(ctx, '/campaigns');
    const { baseUrl } = suite.server;
    const [blog1, blog2] = blogs();

    // The user's own blogs with their admin logins: tier 1's module on the first, tier 2's on the second.
    const addSite = async (url: string, module: string, login: string, password: string) => {
      const { site } = await callAs(page, baseUrl, 'PUT', '/rest/custom_sites', { url, module, login, password }) as { site: { id: number } };
      return site.id;
    };
    const siteIds = [
      await addSite(blog1!.url, 'SocialNetwork', blog1!.username, blog1!.applicationPassword),
      await addSite(blog2!.url, 'WebProfile', blog2!.username, blog2!.applicationPassword),
      await addSite(blog2!.url, 'Bookmarking', blog2!.username, blog2!.applicationPassword),
    ];
    // New accounts get fresh addresses of a catch-all mailbox (WordPress sends REST-made users no mail).
    await callAs(page, baseUrl, 'PUT', '/rest/user_emails', {
      address: 'writer.*@mail.test', login: 'writer', password: 'mailbox pw', server: '127.0.0.1', port: 993, protocol: 'imap', ssl: true,
      checkSpamFolder: false, spamFolderName: '',
    });
    await seedAsUser(suite.server, USER.username, async (db, ownerId) => {
      // The verifier would find WordPress; it is not what this test is about.
      await db.updateTable('custom_sites').set({ platform: 'WordPress' }).where('id', 'in', siteIds).execute();
      for (const name of ['Tier 1 articles', 'Tier 2 articles']) {
        const groupId = await insertContentGroup(db, ownerId, name);
        const now = Date.now();
        await db.insertInto('articles').values({ owner_id: ownerId, content_group_id: groupId, title: `${name}: a season in the garden`, body: ARTICLE, created_at: now, updated_at: now }).execute();
      }
    });

    // The wizard from the built-in strategy, starting now (this minute, in the browser's time).
    await visit(page, baseUrl, '/newcampaign/1?campaignName=Seeds%20pyramid');
    await page.getByTestId('wizard-editor').waitFor();
    await page.getByTestId('wizard-tab-linksAndKeywords').click();
    await page.getByTestId('links-1-tags').fill('garden, seeds');
    await page.getByTestId('link-set-1-urls').fill(MONEY.join('\n'));
    await page.getByTestId('link-set-1-primaryKeyword').fill('organic seeds');
    await page.getByTestId('linksAndKeywords-tier2').click();
    await page.getByTestId('links-2-tags').fill('garden blog');
    await page.getByTestId('wizard-tab-content').click();
    await chooseOption(page, 'content-1-group', 'Tier 1 articles');
    await page.getByTestId('content-tier2').click();
    await chooseOption(page, 'content-2-group', 'Tier 2 articles');
    // A new wizard starts now (issue 35): Create Campaign starts it at once.
    await page.getByTestId('wizard-tab-schedule').click();
    expect(await page.locator('[data-testid="schedule-start-mode"] .ant-radio-wrapper-checked').innerText()).toBe('Start now');
    await page.getByTestId('create-campaign').click();
    await page.waitForURL((url) => /^\/campaign\/\d+$/.test(routeOf(url.toString())), { timeout: 30_000 });
    const campaignRoute = routeOf(page.url());
    await page.getByTestId('page-title').filter({ hasText: 'Seeds pyramid' }).waitFor();

    const detail = CampaignDetailResponseSchema.parse(await callAs(page, baseUrl, 'GET', `/rest${campaignRoute}`));
    const tier1 = detail.projects.filter((p) => TIER1_MODULES.has(p.module)).map((p) => p.id);
    const tier2 = detail.projects.filter((p) => TIER2_MODULES.has(p.module)).map((p) => p.id);
    expect(tier1).toHaveLength(3);
    expect(tier2).toHaveLength(9);
    // Each tier-2 project waits for its own tier-1 parent (and its account creation).
    const parentOf = new Map(detail.projects.filter((p) => TIER2_MODULES.has(p.module)).map((p) => [p.id, (p.schedule?.sourceProjectIds ?? []).filter((id) => tier1.includes(id))]));
    expect([...parentOf.values()].every((parents) => parents.length === 1)).toBe(true);

    // Watch the projects table (no reload): tier 1 finishes, and no tier-2 project before its parent.
    const statuses = () => page.evaluate(() => Object.fromEntries(
      [...document.querySelectorAll('[data-testid^="project-link-"]')].map((link) => [
        Number(link.getAttribute('data-testid')?.replace('project-link-', '')),
        link.closest('tr')?.querySelector('[data-testid="status-tag"]')?.getAttribute('data-status') ?? '',
      ]),
    ) as Record<number, string>);
    const deadline = Date.now() + 240_000;
    const early = new Set<number>();
    for (;;) {
      const seen = await statuses();
      const done = (ids: number[]) => ids.filter((id) => FINISHED.has(seen[id] ?? ''));
      for (const id of done(tier2)) if (done(parentOf.get(id) ?? []).length === 0) early.add(id);
      if (done(tier1).length === tier1.length && done(tier2).length === tier2.length) break;
      if (Date.now() > deadline) throw new Error(`Projects still running: ${JSON.stringify(seen)}`);
      await page.waitForTimeout(250);
    }
    expect(routeOf(page.url())).toBe(campaignRoute);
    const after = CampaignDetailResponseSchema.parse(await callAs(page, baseUrl, 'GET', `/rest${campaignRoute}`));
    const failed = after.projects.filter((p) => p.status !== 'COMPLETED').map((p) => `${p.name}: ${p.status} ${p.lastError.join(' ')}`);
    expect(failed).toEqual([]);
    expect([...early]).toEqual([]);

    // On the blogs: tier 1's posts link the money site, tier 2's posts link tier 1's posts.
    const tier1Posts = await postsOf(blog1!.url);
    expect(tier1Posts).toHaveLength(3);
    for (const post of tier1Posts) expect(post.hrefs.filter((href) => MONEY.includes(href)).length).toBeGreaterThan(0);
    const tier1Links = new Set(tier1Posts.map((post) => post.link));
    // Tier 2's bookmarks are posts; its Web 2.0 profiles write their account's profile (website and bio), no post.
    const tier2Modules = detail.projects.filter((p) => TIER2_MODULES.has(p.module)).map((p) => p.module);
    const profileCount = tier2Modules.filter((module) => module === 'WebProfile').length;
    expect(profileCount).toBeGreaterThan(0);
    const tier2Posts = await postsOf(blog2!.url);
    expect(tier2Posts).toHaveLength(tier2Modules.length - profileCount);
    // (Tier 2 reads one link set per tier, fed by all of tier 1's posts: a post may link several.)
    for (const post of tier2Posts) expect(post.hrefs.some((href) => tier1Links.has(href)), JSON.stringify({ post, tier1: [...tier1Links] })).toBe(true);
    const profiles = (await profilesOf(blog2!)).filter((user) => tier1Links.has(user.url));
    expect(profiles).toHaveLength(profileCount);
    for (const user of profiles) expect(pageAnchors(user.description).some((anchor) => tier1Links.has(anchor.href))).toBe(true);
    await waitForRoute(page, campaignRoute);
    expect(pageErrors).toEqual([]);
  }, 360_000);
});
