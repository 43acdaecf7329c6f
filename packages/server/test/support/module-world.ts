/**
 * Posting projects of one module on the user's own sites (issue 37 items 3–4), for the module
 * integration tests: the sites added and verified through the HTTP API (the verifier detects the
 * platform), an account profile with one account per site, articles, money links and an output
 * link set, the project saved with its sites ticked through the screen's save, then started and
 * followed to its end.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { CustomSitesResponseSchema, siteKey, type CustomSiteRow } from '@linkloom/shared';
import type { DB } from '../../src/platform/db/schema';
import { secretBoxOf } from '../../src/platform/crypto/database-secrets';
import { MediaWikiSession } from '../../src/engine/connectors/mediawiki/mediawiki-api';
import type { Agent } from './agent';
import { buildCampaign } from './factories';
import { untilWithin } from './until';
import type { MediaWikiPeerSite } from './mediawiki-peers';
import type { WordPressPeerSite } from './wordpress-peers';

export const until = untilWithin(120_000, 250);

export interface SiteAccount {
  username: string;
  email: string;
  /** What posting signs in with: a WordPress application password, a wiki account's password. */
  password: string;
  /** WordPress: the user's id. */
  id?: number;
}

/** A WordPress user of `role` made with the admin's application password, and an application password of its own. */
export async function createBlogUser(blog: WordPressPeerSite, role: 'author' | 'editor' = 'author'): Promise<SiteAccount> {
  const admin = `Basic ${Buffer.from(`${blog.username}:${blog.applicationPassword}`).toString('base64')}`;
  const username = `writer${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.test`;
  const created = await fetch(`${blog.url}/wp-json/wp/v2/users`, {
    method: 'POST', headers: { authorization: admin, 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password: `Pw-${randomBytes(8).toString('hex')}`, roles: [role], first_name: 'Nora', last_name: 'Quill' }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const password = await fetch(`${blog.url}/wp-json/wp/v2/users/${id}/application-passwords`, {
    method: 'POST', headers: { authorization: admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'linkloom' }),
  });
  expect(password.status).toBe(201);
  return { username, email, id, password: ((await password.json()) as { password: string }).password };
}

/** An account on the wiki made the way a visitor makes one (its own password: clientlogin, no bot grants needed). */
export async function createWikiAccount(wiki: MediaWikiPeerSite): Promise<SiteAccount> {
  const session = new MediaWikiSession(wiki.apiUrl, { timeoutMs: 20_000, siteLabel: wiki.url });
  const username = `Writer${randomBytes(3).toString('hex')}`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  const answer = await session.call({
    action: 'createaccount', username, password, retype: password, email: '', realname: '', createreturnurl: wiki.url, createtoken: await session.token('createaccount'),
  }, { post: true });
  expect((answer.createaccount as { status?: string }).status, JSON.stringify(answer)).toBe('PASS');
  return { username, email: `${username.toLowerCase()}@example.test`, password };
}

/** Adds the user's own sites through PUT /rest/custom_sites and runs the verifier to its end; the verified rows. */
export async function addVerifiedSites(agent: Agent, sites: ReadonlyArray<{ url: string; module: string }>): Promise<CustomSiteRow[]> {
  const ids: number[] = [];
  for (const site of sites) {
    const response = await agent.request('PUT', '/rest/custom_sites', { body: site });
    expect(response.statusCode, response.body).toBe(201);
    ids.push((response.json() as { site: CustomSiteRow }).site.id);
  }
  expect((await agent.request('POST', '/action/start/site_verifier')).statusCode).toBe(200);
  const verified = await until('the verifier to finish', async () => {
    const body = CustomSitesResponseSchema.parse((await agent.request('GET', '/rest/custom_sites')).json());
    return body.verifierStatus === 'DONE' ? body.sites : undefined;
  });
  return ids.map((id) => verified.find((site) => site.id === id)!);
}

export interface ModuleWorld {
  campaignId: number;
  profileId: number;
  contentGroupId: number;
  inputId: number;
  links: string[];
}

/**
 * A campaign with an account profile (one account per site: `accounts`), a content group with
 * `articles` and an input link set of `linkCount` money links.
 */
export async function buildModuleWorld(
  db: Kysely<DB>, ownerId: number, accounts: ReadonlyArray<{ siteUrl: string; account: SiteAccount }>,
  options: { articles?: ReadonlyArray<{ title: string; body: string }>; linkCount?: number } = {},
): Promise<ModuleWorld> {
  const now = Date.now();
  const tag = randomBytes(3).toString('hex');
  const campaign = await buildCampaign(db, { ownerId });
  const box = secretBoxOf(db);
  const profile = await db.insertInto('profiles').values({ owner_id: ownerId, campaign_id: campaign.id, name: `Accounts ${tag}`, group_name: '', created_at: now }).returning('id').executeTakeFirstOrThrow();
  for (const { siteUrl, account } of accounts) {
    await db.insertInto('accounts').values({
      owner_id: ownerId, profile_id: profile.id, site_name: siteUrl, email: account.email, username: account.username, password: box.seal(account.password), created_at: now,
    }).execute();
  }
  const group = await db.insertInto('content_groups').values({ owner_id: ownerId, name: `Articles ${tag}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const articles = options.articles ?? [
    { title: 'Growing {tomatoes|beans} at home', body: 'Good soil makes the garden. Water early in the morning, before the sun is high.\n\nMulch keeps the moisture in. Harvest in the cool of the day.' },
  ];
  for (const article of articles) {
    await db.insertInto('articles').values({ owner_id: ownerId, content_group_id: group.id, title: article.title, body: article.body, created_at: now, updated_at: now }).execute();
  }
  const input = await db.insertInto('url_lists').values({ owner_id: ownerId, campaign_id: campaign.id, name: `Money pages ${tag}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const links = Array.from({ length: options.linkCount ?? 2 }, (_, i) => `https://seeds-${tag}.example.test/page-${i + 1}`);
  for (const [i, url] of links.entries()) {
    await db.insertInto('url_items').values({ owner_id: ownerId, url_list_id: input.id, url, anchor: `seed shop ${i + 1}`, date_added: now, created_at: now }).execute();
  }
  return { campaignId: campaign.id, profileId: profile.id, contentGroupId: group.id, inputId: input.id, links };
}

/** A posting project of `module` with its own output link set, its sites ticked through POST /rest/postingproject. */
export async function buildModuleProject(
  db: Kysely<DB>, agent: Agent, ownerId: number, world: ModuleWorld, module: string, sites: readonly CustomSiteRow[], linksPerPost = 1,
): Promise<{ projectId: number; outputId: number }> {
  const now = Date.now();
  const output = await db.insertInto('url_lists').values({ owner_id: ownerId, campaign_id: world.campaignId, name: `${module} output ${randomBytes(2).toString('hex')}`, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const form = {
    selectedCampaignId: world.campaignId, profileId: world.profileId, urlListId: output.id, contentGroupId: world.contentGroupId, useLinkSet: true,
    linkSetProfiles: [{ linkSetId: world.inputId, name: 'Money pages', minLinks: linksPerPost, maxLinks: linksPerPost, linkProb: 100 }],
    linkPlacement: 'RandomParagraph', outputAnchor: 'Title', tags: 'garden',
  };
  const project = await db.insertInto('projects').values({
    owner_id: ownerId, campaign_id: world.campaignId, name: `${module} project`, module, settings: JSON.stringify(form), created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const saved = await agent.request('POST', '/rest/postingproject', {
    body: { project: { id: project.id, ...form }, sites: sites.map((site) => ({ id: { module: site.module, siteId: site.id }, checked: true })), sessionUuid: `modules-${project.id}` },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const ticked = await db.selectFrom('project_sites').select('site_key').where('project_id', '=', project.id).where('checked', '=', 1).execute();
  expect(ticked.map((row) => row.site_key).sort()).toEqual(sites.map((site) => siteKey({ module: site.module, siteId: site.id })).sort());
  return { projectId: project.id, outputId: output.id };
}

/** Starts the project (GET /action/start/project/{id}) and waits for COMPLETED or FAILED; its status and lastError lines. */
export async function runToEnd(db: Kysely<DB>, agent: Agent, projectId: number): Promise<{ status: string; lastError: string[] }> {
  const started = await agent.request('GET', `/action/start/project/${projectId}`);
  expect(started.statusCode, started.body).toBe(200);
  const row = await until(`project ${projectId} to finish`, async () => {
    const found = await db.selectFrom('projects').select(['status', 'last_error']).where('id', '=', projectId).executeTakeFirstOrThrow();
    return ['COMPLETED', 'FAILED'].includes(found.status) ? found : undefined;
  });
  return { status: row.status, lastError: JSON.parse(row.last_error ?? '[]') as string[] };
}

/** The project's posts with their output link's check, once every published post's link was checked. */
export async function checkedPosts(db: Kysely<DB>, projectId: number) {
  return until(`project ${projectId}'s links to be checked`, async () => {
    const posts = await db.selectFrom('engine_posts')
      .leftJoin('url_items', 'url_items.post_id', 'engine_posts.id')
      .select(['engine_posts.id', 'engine_posts.state', 'engine_posts.site_key', 'engine_posts.remote_url', 'engine_posts.remote_id', 'engine_posts.intent_name',
        'engine_posts.account_email', 'engine_posts.last_error', 'url_items.url as output_url', 'url_items.check_status', 'url_items.check_info'])
      .where('engine_posts.project_id', '=', projectId).orderBy('engine_posts.id').execute();
    const done = posts.every((post) => post.state !== 'published' || (post.check_status !== null && !['NONE', 'PENDING'].includes(post.check_status)));
    return done ? posts : undefined;
  });
}

/** The links engine_post_links recorded for a post (what verification looks for). */
export async function placedLinks(db: Kysely<DB>, postId: number): Promise<Array<{ url: string; anchor: string }>> {
  return db.selectFrom('engine_post_links').select(['url', 'anchor']).where('post_id', '=', postId).orderBy('id').execute();
}
