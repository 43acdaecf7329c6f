/**
 * A campaign created by the X-Wizard runs for real (issue 17 point 4) on real WordPress blogs
 * (Debian's WordPress, scripts/peers). Two 2-tier strategies go through PUT /action/create/xcampaign
 * with the Links & Keywords money URLs and an anchor mix:
 * - Money Site → Private Blog → Private Blog: tier 1 starts at its FixedDate instant and publishes
 *   on the first network's blog linking the money URLs with the configured anchors; tier 2
 *   (AfterProject on tier 1) starts when tier 1 completes and links tier 1's post on the second blog.
 * - Money Site → Web 2.0 Blog → Web 2.0 Blog creating new accounts, on the user's own blogs picked
 *   per tier: the account creation projects register an author on each blog into the node's
 *   profile, tier 1 posts as its new author linking the money URLs, tier 2 waits for tier 1 and its
 *   own accounts and links tier 1's post.
 */
import { describe, expect, it } from 'vitest';
import {
  WizardCreateCampaignResponseSchema, WizardResponseSchema, isPrivateModule, type DiagramCell, type Wizard, type WizardSummary,
} from '@linkloom/shared';
import { rearmSchedule } from '../../src/engine/scheduler/arm-schedule';
import { insertStrategies } from '../../src/features/strategies/strategies.repository';
import { pageAnchors } from '../support/engine-world';
import { wordPressAvailability } from '../support/wordpress-peers';
import { useEngineApp } from '../support/engine-app';
import { untilWithin } from '../support/until';

const availability = await wordPressAvailability();
const skipReason = availability.available ? '' : ` (SKIPPED: ${availability.reason})`;
const until = untilWithin(90_000);

const ARTICLE = [
  'Growing vegetables at home is simple once the soil is right. Good compost feeds the beds for a whole season.',
  'Water early in the morning so the leaves dry before noon. Mulch keeps the moisture in and the weeds out.',
  'Rotate the crops every year: beans after cabbage, roots after beans. The soil stays healthy and pests find less to eat.',
].join('\n\n');

/** Money Site → `kind` (tier 1) → `kind` (tier 2), labelled `{label} (1)` and `{label} (2)`. */
function twoTierDiagram(kind: string, label: string): string {
  const node = (id: string, nodeKind: string, nameId: number, projectName: string): DiagramCell => ({
    type: `LinkLoom.${nodeKind}`, id, position: { x: 310, y: 100 * nameId }, size: { width: 90, height: 54 }, custom: { nameId, projectName, profileName: '' },
  });
  const link = (from: string, to: string): DiagramCell => ({ type: 'standard.Link', id: `${from}-${to}`, source: { id: from }, target: { id: to } });
  return JSON.stringify({ cells: [node('m', 'MoneySite', 1, 'Money Site'), node('t1', kind, 1, `${label} (1)`), node('t2', kind, 2, `${label} (2)`), link('m', 't1'), link('t1', 't2')] });
}

describe.skipIf(!availability.available)(`X-Wizard campaign on real WordPress${skipReason}`, () => {
  // Each blog on a host of its own: tier 2 never links a post on its own domain (issue 34).
  const app = useEngineApp({ wordPressBlogs: 2, wordPressHosts: ['127.0.0.1', '127.0.0.2'], timeoutMs: 240_000 });

  const db = () => app.server.database.db;
  const project = async (id: number) => {
    const row = await db().selectFrom('projects').select(['status', 'last_error', 'schedule']).where('id', '=', id).executeTakeFirstOrThrow();
    return { ...row, schedule: JSON.parse(row.schedule ?? 'null') as Record<string, unknown> | null };
  };
  const finished = (id: number) => until(`project ${id} to finish`, async () => {
    const row = await project(id);
    return row.status === 'COMPLETED' || row.status === 'FAILED' ? row : undefined;
  });
  const runOf = async (id: number) => {
    const run = await db().selectFrom('project_runs').select(['started_at', 'finished_at']).where('project_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { startedAt: Number(run.started_at), finishedAt: run.finished_at === null ? null : Number(run.finished_at) };
  };

  /** A private network of the user holding one of the peer blogs (WordPress, its application password). */
  const network = async (index: number, name: string) => {
    const blog = app.peers.sites[index]!;
    const now = Date.now();
    const row = await db().insertInto('private_networks').values({ owner_id: app.ownerId, name, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('private_sites').values({
      owner_id: app.ownerId, private_network_id: row.id, module: 'Private', platform: 'WordPress', site_url: blog.url,
      email: `${name.toLowerCase()}@example.test`, username: blog.username, password: blog.applicationPassword, self_hosted: 1, created_at: now,
    }).execute();
    return row.id;
  };
  const contentGroup = async (name: string) => {
    const now = Date.now();
    const group = await db().insertInto('content_groups').values({ owner_id: app.ownerId, name, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('articles').values({ owner_id: app.ownerId, content_group_id: group.id, title: `${name}: a season in the garden`, body: ARTICLE, created_at: now, updated_at: now }).execute();
    return group.id;
  };

  /** A wizard of the user's strategy of this diagram, as PUT /rest/xwizards then GET makes it. */
  const startWizard = async (name: string, diagram: string): Promise<Wizard> => {
    const [strategy] = await insertStrategies(db(), app.ownerId, [{ name, description: '', diagram, img: '' }]);
    const added = await app.agent.request('PUT', '/rest/xwizards', { body: { name, strategyId: strategy!.id } });
    expect(added.statusCode, added.body).toBe(201);
    return WizardResponseSchema.parse((await app.agent.request('GET', `/rest/xwizards/${(added.json() as WizardSummary).id}`)).json()).wizard;
  };
  /** Links & Keywords: tier 1 reads the money URLs with a primary / branded mix, one or two links a post. */
  const linksOf = (base: Wizard, money: string[], anchors: string[]): Wizard['linksAndKeywords'] => base.linksAndKeywords.map((tier, i) => ({
    ...tier, tags: 'garden, seeds', linkPosition: 'RandomParagraph', minLinks: i === 0 ? money.length : 1, maxLinks: i === 0 ? money.length : 1,
    linkSets: i === 0
      ? [{ ...tier.linkSets[0]!, urls: money.join('\n'), primaryKeyword: anchors[0]!, brandedKeyword: anchors[1]!, primaryPercentage: 50, brandedPercentage: 50, nakedUrlPercentage: 0 }]
      : [],
  }));

  /** PUT /action/create/xcampaign as the editor sends it; the new campaign's projects in id order. */
  const createCampaign = async (wizard: Wizard) => {
    const response = await app.agent.request('PUT', '/action/create/xcampaign', { body: { saveWizard: false, wizard } });
    expect(response.statusCode, response.body).toBe(200);
    const { campaignId } = WizardCreateCampaignResponseSchema.parse(response.json());
    const rows = await db().selectFrom('projects').select(['id', 'name', 'module', 'settings']).where('campaign_id', '=', campaignId).orderBy('id').execute();
    return rows.map((row) => ({ id: row.id, name: row.name, module: row.module, form: JSON.parse(row.settings) as { urlListId: number; profileId: number } }));
  };
  /** The wire carries whole minutes: bring these FixedDate projects' instant close, armed as saving arms it. */
  const startSoon = async (ids: number[]) => {
    const at = Date.now() + 1500;
    for (const id of ids) {
      expect((await project(id)).schedule).toMatchObject({ scheduleType: 'FixedDate', status: 'SCHEDULED' });
      await db().updateTable('projects').set({ next_run_at: at }).where('id', '=', id).execute();
      await rearmSchedule(app.server.context, app.ownerId, id);
    }
    return at;
  };
  const completed = async (id: number) => {
    const done = await finished(id);
    expect(done.status, JSON.stringify(done.last_error)).toBe('COMPLETED');
    return runOf(id);
  };
  const postsIn = async (linkSetId: number) => (await db().selectFrom('url_items').select('url').where('url_list_id', '=', linkSetId).execute()).map((item) => item.url);
  const anchorsOn = async (url: string) => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    return pageAnchors(await page.text());
  };
  const money = ['https://seeds.example.test/', 'https://seeds.example.test/heirloom'];
  const anchors = ['organic seeds', 'SeedCo'];
  /** The tier-1 post links every money URL, each with an anchor of the configured mix. */
  const expectMoneyLinks = async (postUrl: string) => {
    const moneyLinks = (await anchorsOn(postUrl)).filter((anchor) => money.includes(anchor.href));
    expect(moneyLinks.map((anchor) => anchor.href).sort()).toEqual([...money].sort());
    for (const anchor of moneyLinks) expect(anchors).toContain(anchor.text);
  };

  it('private blogs: tier 1 publishes linking the money URLs with the anchor mix; tier 2 starts when tier 1 completes and links its post', async () => {
    const base = await startWizard('Two private tiers', twoTierDiagram('PrivateBlog', 'Private Blog'));
    expect(base.depth).toBe(2);
    const networks = [await network(0, 'TierOne'), await network(1, 'TierTwo')];
    const groups = [await contentGroup('Tier 1 articles'), await contentGroup('Tier 2 articles')];
    const [tier1, tier2] = await createCampaign({
      ...base, id: null, campaignName: 'Seeds from the wizard', startNow: false, startDate: '24/12/2030 18:30', nDay: 1,
      linksAndKeywords: linksOf(base, money, anchors),
      content: base.content.map((tier, i) => ({ ...tier, contentGroupId: groups[i]! })),
      projects: base.projects.map((p) => (isPrivateModule(p.module) ? { ...p, profileId: networks[p.tier - 1]!, numberOfPosts: 1 } : p)),
    });
    expect([tier1!.name, tier2!.name]).toEqual(['Private Blog (1)', 'Private Blog (2)']);
    expect((await project(tier2!.id)).schedule).toMatchObject({ scheduleType: 'AfterProject', sourceProjectIds: [tier1!.id], status: 'SCHEDULED' });

    const at = await startSoon([tier1!.id]);
    const run1 = await completed(tier1!.id);
    expect(run1.startedAt).toBeGreaterThanOrEqual(at);
    const tier1Posts = await postsIn(tier1!.form.urlListId);
    expect(tier1Posts).toHaveLength(1);
    expect(tier1Posts[0]!.startsWith(app.peers.sites[0]!.url)).toBe(true);
    await expectMoneyLinks(tier1Posts[0]!);

    const run2 = await completed(tier2!.id);
    // Started by tier 1's completion, not by a later tick.
    expect(run2.startedAt).toBeGreaterThanOrEqual(run1.finishedAt!);
    expect(run2.startedAt - run1.finishedAt!).toBeLessThan(1000);
    const [tier2Post] = await postsIn(tier2!.form.urlListId);
    expect(tier2Post?.startsWith(app.peers.sites[1]!.url)).toBe(true);
    expect((await anchorsOn(tier2Post!)).map((anchor) => anchor.href)).toContain(tier1Posts[0]);
  }, 180_000);

  it('Web 2.0 blogs with new accounts: the account creation projects register authors, tier 1 posts as its new account linking the money URLs, tier 2 after tier 1 and its accounts links tier 1', async () => {
    const base = await startWizard('Two Web 2.0 tiers', twoTierDiagram('Web20Blog', 'Web 2.0 Blog'));
    // The user's own blogs with their admin logins (the verifier's platform set as it finds it), one per tier.
    const blogs = [];
    for (const peer of app.peers.sites) {
      const added = await app.agent.request('PUT', '/rest/custom_sites', { body: { url: peer.url, module: 'SocialNetwork', login: peer.username, password: peer.applicationPassword } });
      expect(added.statusCode, added.body).toBe(201);
      const site = (added.json() as { site: { id: number; url: string } }).site;
      await db().updateTable('custom_sites').set({ platform: 'WordPress' }).where('id', '=', site.id).execute();
      blogs.push(site);
    }
    // The product's email source: a catch-all pattern gives each new account a fresh address.
    const mailbox = await app.agent.request('PUT', '/rest/user_emails', { body: { address: 'writer.*@mail.test', login: 'writer', password: 'mailbox pw', server: '127.0.0.1', port: 993, protocol: 'imap', ssl: true } });
    expect(mailbox.statusCode, mailbox.body).toBeLessThan(300);
    const groups = [await contentGroup('Blog articles'), await contentGroup('Profile articles')];
    const projects = await createCampaign({
      ...base, id: null, campaignName: 'Seeds on Web 2.0', startNow: false, startDate: '24/12/2030 18:30', nDay: 1,
      tierSiteSelection: blogs.map((blog) => ({ type: 3 as const, selectedSites: [{ siteId: blog.id, module: 'SocialNetwork' }], siteSelectionId: null })),
      linksAndKeywords: linksOf(base, money, anchors),
      content: base.content.map((tier, i) => ({ ...tier, contentGroupId: groups[i]! })),
    });
    const byName = new Map(projects.map((p) => [p.name, p]));
    const ac1 = byName.get('Web 2.0 Blog (1) - Account Creation (Web 2.0 Blogs)')!;
    const ac2 = byName.get('Web 2.0 Blog (2) - Account Creation (Web 2.0 Blogs)')!;
    const tier1 = byName.get('Web 2.0 Blog (1)')!;
    const tier2 = byName.get('Web 2.0 Blog (2)')!;
    expect(projects).toHaveLength(4);
    expect((await project(tier1.id)).schedule).toMatchObject({ scheduleType: 'AfterProject', sourceProjectIds: [ac1.id] });
    expect((await project(tier2.id)).schedule).toMatchObject({ scheduleType: 'AfterProject', sourceProjectIds: [tier1.id, ac2.id] });

    await startSoon([ac1.id, ac2.id]);
    for (const [ac, blog] of [[ac1, blogs[0]!], [ac2, blogs[1]!]] as const) {
      await completed(ac.id);
      const accounts = await db().selectFrom('accounts').select(['site_name', 'email']).where('profile_id', '=', ac.form.profileId).execute();
      expect(accounts).toEqual([{ site_name: blog.url, email: expect.stringMatching(/^writer\.[a-z0-9]+@mail\.test$/) }]);
    }
    const run1 = await completed(tier1.id);
    const [tier1Post] = await postsIn(tier1.form.urlListId);
    expect(tier1Post?.startsWith(app.peers.sites[0]!.url)).toBe(true);
    await expectMoneyLinks(tier1Post!);
    // Posted as the new author, not the admin.
    const author = await db().selectFrom('accounts').select('username').where('profile_id', '=', tier1.form.profileId).executeTakeFirstOrThrow();
    const posts = (await (await fetch(`${app.peers.sites[0]!.url}/wp-json/wp/v2/posts?_embed=author&per_page=20`)).json()) as Array<{ link: string; _embedded?: { author?: Array<{ slug: string }> } }>;
    expect(posts.find((post) => post.link === tier1Post)?._embedded?.author?.[0]?.slug).toBe(author.username.toLowerCase());

    const run2 = await completed(tier2.id);
    expect(run2.startedAt).toBeGreaterThanOrEqual(run1.finishedAt!);
    const [tier2Post] = await postsIn(tier2.form.urlListId);
    expect(tier2Post?.startsWith(app.peers.sites[1]!.url)).toBe(true);
    expect((await anchorsOn(tier2Post!)).map((anchor) => anchor.href)).toContain(tier1Post);
  }, 180_000);
});
