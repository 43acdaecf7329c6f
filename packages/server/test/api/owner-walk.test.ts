import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { signedIn, type Agent } from '../support/agent';
import { buildCampaign, buildUser } from '../support/factories';
import { buildProject } from '../support/campaign-factories';
import { buildProfile } from '../support/accounts-factories';
import { buildLinkSet, buildLinks } from '../support/link-factories';
import { buildContentGroup, buildSites } from '../support/project-factories';
import type { TestApp } from '../support/test-app';

/** Every table of one user's data: after the walk, Ann's rows must be exactly as before. */
const OWNED_TABLES = [
  'campaigns', 'projects', 'profiles', 'accounts', 'url_lists', 'url_items',
  'private_networks', 'private_sites', 'content_groups', 'articles', 'project_sites',
  'user_options', 'proxies', 'blocked_sites', 'api_tokens', 'strategies',
] as const;

/** Marks every name Ann types, so a leak into Bob's answers is visible. */
const MARK = 'SECRETANN';

async function ok(agent: Agent, method: 'PUT' | 'POST', url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await agent.request(method, url, { body });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Ann's world, made through the API as she would make it; returns every id she owns. */
async function seedAnn(ann: Agent): Promise<number[]> {
  const campaign = await ok(ann, 'PUT', '/rest/campaigns', { name: `${MARK} campaign` });
  const campaignId = Number(campaign.id);
  // A private project: its save and schedule reach the most tables. Every first row has id 1, so no
  // id of Ann's is also the id of something Bob creates during the walk.
  const project = await ok(ann, 'PUT', '/rest/project', { campaignId, module: 'Private', name: `${MARK} project` });
  const profile = await ok(ann, 'PUT', '/rest/profile', { campaignId, name: `${MARK} profile` });
  await ok(ann, 'PUT', '/rest/account', { accountListId: profile.id, siteName: `${MARK}.example`, email: 'ann@example.test', username: MARK, password: MARK });
  const linkSet = await ok(ann, 'PUT', '/rest/url_list', { campaignId, name: `${MARK} links` });
  await ok(ann, 'POST', `/rest/url_item/${String(linkSet.id)}`, { url: `https://${MARK}.example/a`, anchor: MARK });
  const network = await ok(ann, 'PUT', '/rest/private_networks', { name: `${MARK} network` });
  await ok(ann, 'POST', `/action/import/private_network/${String(network.id)}`, { siteList: `https://${MARK}.example|ann@example.test|${MARK}|${MARK}`, selfHosted: true });
  const group = await ok(ann, 'PUT', '/rest/content_groups', { name: `${MARK} group` });
  const article = await ok(ann, 'POST', '/rest/article', { contentGroupId: group.id, title: MARK, body: MARK, authorName: MARK, authorBio: MARK });
  const screen = await ok(ann, 'POST', '/rest/privateproject', {
    project: { id: project.id, profileId: network.id, urlListId: linkSet.id, contentGroupId: group.id, linkPlacement: 'Top', tags: MARK },
    sites: [{ id: { siteId: await firstSiteId(ann, Number(network.id)), email: 'ann@example.test' }, checked: true }],
    sessionUuid: 'ann-session-1',
  });
  if ((screen.sites as unknown[]).length !== 1) throw new Error('the private project has no site');
  await ok(ann, 'POST', '/rest/options', { maxPostingThreads: 7, indexer: { [MARK]: MARK } });
  await ok(ann, 'POST', '/rest/proxies', [`10.7.7.7:3128:${MARK}:${MARK}`]);
  await ok(ann, 'POST', '/rest/blocked_sites', [`${MARK}.example`]);
  // Ann's API token is token 1: Bob's own tokens, made by the walk's POST /rest/api_tokens, come after it.
  await ok(ann, 'POST', '/rest/api_tokens', { name: `${MARK} token` });
  await ok(ann, 'POST', `/rest/schedule/${String(project.id)}`, { status: 'SCHEDULED', schedule: { scheduleType: 'FixedDate', startDate: '01/01/2031 10:00', durationType: 'Once', numberOfPosts: 3 } });
  // Ann's strategy is id 101: the ids below are the built-in strategies every user may read.
  const strategy = await ok(ann, 'POST', '/rest/strategies', { name: `${MARK} strategy`, description: `<p>${MARK}</p>` });
  return [campaignId, project.id, profile.id, linkSet.id, network.id, group.id, article.id, strategy.id].map(Number);
}

async function firstSiteId(ann: Agent, networkId: number): Promise<number> {
  const response = await ann.request('GET', `/rest/private_network/${networkId}`);
  return (response.json() as { privateSites: { siteId: number }[] }).privateSites[0]!.siteId;
}

async function snapshot(server: TestApp, ownerId: number): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const table of OWNED_TABLES) {
    tables[table] = await server.database.db.selectFrom(table).selectAll().where('owner_id', '=', ownerId).orderBy('id').execute();
  }
  return JSON.stringify(tables);
}

/** Bodies that name Ann's ids in the shapes the calls take. */
function bodiesFor(ids: number[]): unknown[] {
  const [campaignId, projectId, profileId, linkSetId, networkId, groupId] = ids;
  return [
    ids,
    { ids },
    { id: ids[0], name: 'taken by Bob' },
    { campaignId, module: 'Wiki', name: 'taken by Bob' },
    { campaignId, name: 'taken by Bob' },
    { accountListId: profileId, siteName: 'x.example', email: 'bob@example.test', username: 'bob', password: 'bob' },
    { contentGroupId: groupId, id: ids[6], title: 'Bob', body: 'Bob', authorName: 'Bob', authorBio: 'Bob' },
    { profileId },
    { ids, fullInfo: true },
    ids.map((id) => ({ accountListId: id, siteName: `${MARK}.example`, email: 'ann@example.test' })),
    // Project saves, the private site status and the schedule dialog.
    { project: { id: projectId, name: 'taken by Bob', profileId: networkId, urlListId: linkSetId, contentGroupId: groupId, linkPlacement: 'Top', tags: 'bob' }, sites: [], sessionUuid: 'bob-session-1' },
    { project: { id: projectId, name: 'taken by Bob', selectedCampaignId: campaignId, profileId, urlListId: linkSetId, contentGroupId: groupId }, sites: [], sessionUuid: 'bob-session-1' },
    { project: { id: projectId, linkSetId }, sites: [], sessionUuid: 'bob-session-1' },
    { projectId, privateGroupId: networkId },
    { status: 'SCHEDULED', schedule: { scheduleType: 'AfterProject', sourceProjectIds: [projectId], durationType: 'Once', numberOfPosts: 1 } },
    // Ann's proxy and blocked site by their keys (options, proxies, blocked sites are per user).
    [{ address: '10.7.7.7', port: 3128 }],
    ['secretann.example'],
  ];
}

describe.each(DATABASES)('every route with another user\'s ids on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);

  it.skipIf(skip)("answers Bob's calls on Ann's ids with an error, never shows him her data, and changes nothing of hers", async () => {
    const annUser = await buildUser(ctx.server.database.db);
    const bobUser = await buildUser(ctx.server.database.db);
    const annIds = await seedAnn(await signedIn(ctx.server.app, annUser));
    const before = await snapshot(ctx.server, annUser.id);
    const bob = await signedIn(ctx.server.app, bobUser);

    const routes = ctx.server.routes.filter((r) => /^\/(rest|action|sites\.json)/.test(r.url));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const params = route.url.match(/:\w+/g) ?? [];
      // Each of Ann's ids in every path parameter: whichever kind the route expects is among them.
      const urls = params.length === 0 ? [route.url] : annIds.map((id) => route.url.replace(/:\w+/g, String(id)));
      for (const url of urls) {
        const bodies = route.method === 'GET' ? [undefined] : bodiesFor(annIds);
        for (const body of bodies) {
          const response = await bob.request(route.method as 'GET', url, { body });
          const where = `${route.method} ${url} ${JSON.stringify(body)} → ${response.statusCode}`;
          expect(response.body, where).not.toContain(MARK);
          // A built-in strategy (ids below 101) and its preview are every user's to read; any other id of a path is Ann's.
          const builtinRead = /^(GET|HEAD)$/.test(route.method) && /^\/rest\/strategies\/:id(\/preview)?$/.test(route.url) && Number(/\/strategies\/(\d+)/.exec(url)?.[1]) < 101;
          if (params.length > 0 && !builtinRead) expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          if (response.statusCode < 300) expect(response.headers['content-type'], where).not.toMatch(/zip|octet-stream/);
        }
      }
    }
    expect(await snapshot(ctx.server, annUser.id)).toBe(before);
    // Every route × each of Ann's ids × every body: well over a thousand calls, more with each feature.
  }, 120_000);

  it.skipIf(skip)("refuses every save of Bob's own objects that points at one of Ann's with 404, storing nothing", async () => {
    const db = ctx.server.database.db;
    const annUser = await buildUser(db);
    const bobUser = await buildUser(db);
    const ann = await world(ctx.server, annUser.id);
    const bob = await world(ctx.server, bobUser.id);
    const bobAgent = await signedIn(ctx.server.app, bobUser);
    const annBefore = await snapshot(ctx.server, annUser.id);
    const bobBefore = await snapshot(ctx.server, bobUser.id);

    const cases = savesPointingAt(bob, ann);
    expect(cases.length).toBeGreaterThan(25);
    for (const call of cases) {
      const response = await bobAgent.request(call.method, call.url, { body: call.body(ann) });
      expect(response.statusCode, `${call.name} → ${response.body}`).toBe(404);
    }
    expect(await snapshot(ctx.server, bobUser.id)).toBe(bobBefore);
    expect(await snapshot(ctx.server, annUser.id)).toBe(annBefore);

    // The same calls with Bob's own ids go through: each refusal above was for Ann's id alone.
    for (const call of cases) {
      const response = await bobAgent.request(call.method, call.url, { body: call.body(bob) });
      expect(response.statusCode, `${call.name} with Bob's ids → ${response.body}`).toBeLessThan(300);
    }
  });
});

/** One user's objects, each a row a save body can point at. */
interface World {
  campaignId: number;
  profileId: number;
  linkSetId: number;
  outputLinkSetId: number;
  linkId: number;
  groupId: number;
  articleId: number;
  networkId: number;
  privateSite: { siteId: number; email: string };
  postingSiteId: number;
  projects: { posting: number; private: number; accountCreation: number; indexer: number };
}

async function world(server: TestApp, ownerId: number): Promise<World> {
  const db = server.database.db;
  const campaignId = (await buildCampaign(db, { ownerId })).id;
  const profileId = (await buildProfile(db, { ownerId, campaignId })).id;
  const linkSetId = (await buildLinkSet(db, { ownerId, campaignId })).id;
  const outputLinkSetId = (await buildLinkSet(db, { ownerId, campaignId })).id;
  const [linkId] = await buildLinks(db, { ownerId, urlListId: linkSetId }, 1);
  const groupId = (await buildContentGroup(db, { ownerId, articles: 1 })).id;
  const article = await db.selectFrom('articles').select('id').where('content_group_id', '=', groupId).executeTakeFirstOrThrow();
  const network = await buildSites(db, { ownerId, count: 1 });
  const posting = await buildSites(db, { ownerId, module: 'SocialNetwork', count: 1 });
  const project = (module: string) => buildProject(db, { ownerId, campaignId, module });
  return {
    campaignId, profileId, linkSetId, outputLinkSetId, linkId: linkId!, groupId, articleId: article.id,
    networkId: network.networkId, privateSite: { siteId: network.sites[0]!.id, email: network.sites[0]!.email }, postingSiteId: posting.sites[0]!.id,
    projects: { posting: await project('SocialNetwork'), private: await project('Private'), accountCreation: await project('AccountCreation'), indexer: await project('Indexer') },
  };
}

interface SaveCall {
  name: string;
  method: 'PUT' | 'POST' | 'DELETE';
  url: string;
  /** The body with the referenced objects taken from `refs` (Ann's for the refusal, Bob's for the control). */
  body: (refs: World) => unknown;
}

/**
 * Every save (and export) body that names another object by id, sent to Bob's own objects: each
 * call points at one object of `refs` and at Bob's own objects otherwise.
 */
function savesPointingAt(bob: World, _ann: World): SaveCall[] {
  const p = bob.projects;
  const save = (refs: Partial<Record<'selectedCampaignId' | 'profileId' | 'urlListId' | 'contentGroupId' | 'linkSetId', number>>, kind: 'posting' | 'private') => ({
    project: {
      id: kind === 'posting' ? p.posting : p.private,
      selectedCampaignId: refs.selectedCampaignId ?? bob.campaignId,
      profileId: refs.profileId ?? (kind === 'posting' ? bob.profileId : bob.networkId),
      urlListId: refs.urlListId ?? bob.outputLinkSetId,
      contentGroupId: refs.contentGroupId ?? bob.groupId,
      useLinkSet: true,
      linkSetProfiles: [{ linkSetId: refs.linkSetId ?? bob.linkSetId, name: 'Input', minLinks: 1, maxLinks: 2, linkProb: 80 }],
      linkPlacement: 'Top', tags: 'bob',
    },
    sites: [{ id: kind === 'posting' ? { module: 'SocialNetwork', siteId: bob.postingSiteId } : bob.privateSite, checked: true }],
    sessionUuid: 'bob-session-1',
  });
  const contentSaves = (['posting', 'private'] as const).flatMap((kind) => [
    { field: 'selectedCampaignId', of: (r: World) => r.campaignId },
    { field: 'profileId', of: (r: World) => (kind === 'posting' ? r.profileId : r.networkId) },
    { field: 'urlListId', of: (r: World) => r.outputLinkSetId },
    { field: 'contentGroupId', of: (r: World) => r.groupId },
    { field: 'linkSetId', of: (r: World) => r.linkSetId },
  ].map(({ field, of }): SaveCall => ({
    name: `${kind} project save, ${field}`, method: 'POST', url: `/rest/${kind === 'posting' ? 'postingproject' : 'privateproject'}`,
    body: (refs) => save({ [field]: of(refs) }, kind),
  })));
  const acForm = { firstName: 'Bob', lastName: 'Lee', username: 'boblee', password: 'secret', emailSource: 'LINKLOOM' };
  return [
    ...contentSaves,
    {
      name: 'account creation project save, profileId', method: 'POST', url: '/rest/acproject',
      body: (refs) => ({ project: { id: p.accountCreation, profileId: refs.profileId, ...acForm }, sites: [{ id: { module: 'SocialNetwork', siteId: bob.postingSiteId }, checked: true }], sessionUuid: 'bob-session-1' }),
    },
    {
      name: 'indexer project save, linkSetId', method: 'POST', url: '/rest/indexerproject',
      body: (refs) => ({ project: { id: p.indexer, linkSetId: refs.linkSetId }, sites: [{ id: { module: 'Indexer', siteId: 1 }, checked: true }], sessionUuid: 'bob-session-1' }),
    },
    { name: 'private site status, privateGroupId', method: 'POST', url: '/rest/privatesitestatus', body: (refs) => ({ projectId: p.private, privateGroupId: refs.networkId }) },
    {
      name: 'schedule, sourceProjectIds', method: 'POST', url: `/rest/schedule/${p.posting}`,
      body: (refs) => ({ status: 'SCHEDULED', schedule: { scheduleType: 'AfterProject', sourceProjectIds: [refs.projects.private], durationType: 'Once' } }),
    },
    {
      name: 'schedule, sourceProjectId', method: 'POST', url: `/rest/schedule/${p.indexer}`,
      body: (refs) => ({ status: 'SCHEDULED', schedule: { scheduleType: 'AfterProject', sourceProjectId: refs.projects.posting, durationType: 'Once' } }),
    },
    { name: 'add project, campaignId', method: 'PUT', url: '/rest/project', body: (refs) => ({ campaignId: refs.campaignId, module: 'Wiki', name: 'Bob project' }) },
    {
      name: 'rename project, campaignId', method: 'POST', url: `/rest/project/rename/${p.posting}`,
      body: (refs) => ({ campaignId: refs.campaignId, module: 'SocialNetwork', name: 'Bob renamed' }),
    },
    { name: 'add profile, campaignId', method: 'PUT', url: '/rest/profile', body: (refs) => ({ campaignId: refs.campaignId, name: 'Bob profile' }) },
    { name: 'add link set, campaignId', method: 'PUT', url: '/rest/url_list', body: (refs) => ({ campaignId: refs.campaignId, name: 'Bob links' }) },
    {
      name: 'save account, accountListId', method: 'PUT', url: '/rest/account',
      body: (refs) => ({ accountListId: refs.profileId, siteName: 'bob.example', email: 'bob@example.test', username: 'bob', password: 'bob' }),
    },
    {
      name: 'new article, contentGroupId', method: 'POST', url: '/rest/article',
      body: (refs) => ({ contentGroupId: refs.groupId, title: 'Bob', body: 'Bob', authorName: 'Bob', authorBio: 'Bob' }),
    },
    {
      name: 'save article, id', method: 'POST', url: '/rest/article',
      body: (refs) => ({ id: refs.articleId, contentGroupId: bob.groupId, title: 'Bob', body: 'Bob', authorName: 'Bob', authorBio: 'Bob' }),
    },
    { name: 'set article author, ids', method: 'POST', url: `/rest/article_author/${bob.groupId}`, body: (refs) => ({ ids: [refs.articleId], authorName: 'Bob', authorBio: 'Bob' }) },
    { name: 'save link, id', method: 'POST', url: `/rest/url_item/${bob.linkSetId}`, body: (refs) => ({ id: refs.linkId, url: 'https://bob.example/a', anchor: 'Bob' }) },
    { name: 'import profile into network, profileId', method: 'POST', url: `/action/import/private_network/${bob.networkId}/profile`, body: (refs) => ({ profileId: refs.profileId }) },
    { name: 'rename campaign, id', method: 'POST', url: '/rest/campaigns', body: (refs) => ({ id: refs.campaignId, name: 'Bob campaign' }) },
    { name: 'rename content group, id', method: 'POST', url: '/action/rename/content_group', body: (refs) => ({ id: refs.groupId, name: 'Bob group' }) },
    {
      name: 'content group settings, id', method: 'POST', url: '/rest/content_groups',
      body: (refs) => ({ id: refs.groupId, wordsNottobeChanged: '', maxUsagePerArticle: 0 }),
    },
    { name: 'rename private network, id', method: 'POST', url: '/rest/private_networks', body: (refs) => ({ id: refs.networkId, name: 'Bob network' }) },
    { name: 'export link sets, ids', method: 'POST', url: `/action/export/url_lists/${bob.campaignId}`, body: (refs) => ({ ids: [refs.linkSetId], fullInfo: false }) },
    { name: 'export profiles, ids', method: 'POST', url: `/action/export/profiles/${bob.campaignId}`, body: (refs) => [refs.profileId] },
    { name: 'export backlinks, ids', method: 'POST', url: '/action/export/backlinks_from_campaigns', body: (refs) => [refs.campaignId] },
  ];
}

