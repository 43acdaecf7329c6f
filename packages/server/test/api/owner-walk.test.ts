import { describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { signedIn, type Agent } from '../support/agent';
import { buildUser } from '../support/factories';
import type { TestApp } from '../support/test-app';

/** Every table of one user's data: after the walk, Ann's rows must be exactly as before. */
const OWNED_TABLES = [
  'campaigns', 'projects', 'profiles', 'accounts', 'url_lists', 'url_items',
  'private_networks', 'private_sites', 'content_groups', 'articles', 'project_sites',
  'user_options', 'proxies', 'blocked_sites',
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
  await ok(ann, 'POST', `/rest/schedule/${String(project.id)}`, { status: 'SCHEDULED', schedule: { scheduleType: 'FixedDate', startDate: '01/01/2031 10:00', durationType: 'Once', numberOfPosts: 3 } });
  return [campaignId, project.id, profile.id, linkSet.id, network.id, group.id, article.id].map(Number);
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
          if (params.length > 0) expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          if (response.statusCode < 300) expect(response.headers['content-type'], where).not.toMatch(/zip|octet-stream/);
        }
      }
    }
    expect(await snapshot(ctx.server, annUser.id)).toBe(before);
  });
});
