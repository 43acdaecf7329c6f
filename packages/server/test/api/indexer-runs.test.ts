/**
 * Real submission runs through the engine's queue on both databases (issue 15.6 and 15.7): an
 * indexer project started with Start submits its link set and the LinkLoom Indexer tab's extra
 * domains to an IndexNow stand-in, paced by the tab's delay and daily limit; and no submission —
 * IndexNow from an indexer project, or an indexing service after a content run — is ever made for
 * a blocked site.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASE_URL_OVERRIDE_ENV } from '../../src/engine/indexing-services/service-http';
import { settleRun } from '../../src/engine/runner/settle-run';
import { readEngineOptions, saveOptions } from '../../src/features/options/options.repository';
import { buildProject } from '../support/campaign-factories';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { startIndexingServicesStandIn, SPEEDY_PATH, type IndexingServicesStandIn } from '../support/indexing-services-stand-in';
import { startIndexNowStandIn, type IndexNowStandIn } from '../support/indexnow-stand-in';
import { useTestServer } from '../support/lifecycle';
import { buildLinkSet, type TestLink } from '../support/link-factories';
import { buildProjectSites } from '../support/project-factories';
import { useTwoUsers } from '../support/scenario';
import { untilWithin } from '../support/until';

const until = untilWithin(20_000);
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

describe.each(DATABASES)('indexer and indexing service runs on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  let indexNow: IndexNowStandIn;
  let services: IndexingServicesStandIn;

  beforeAll(async () => {
    if (skip) return;
    indexNow = await startIndexNowStandIn();
    process.env.INDEXNOW_ENDPOINT_OVERRIDE = indexNow.endpoint;
    services = await startIndexingServicesStandIn();
    process.env[BASE_URL_OVERRIDE_ENV] = services.url;
    indexNow.knownKeys = new Set([(await readEngineOptions(db(), ann.id)).indexNowKey]);
    await saveOptions(db(), ann.id, { indexer: { SpeedyIndex: 'speedy-key' } });
  });
  afterAll(async () => {
    if (skip) return;
    delete process.env.INDEXNOW_ENDPOINT_OVERRIDE;
    delete process.env[BASE_URL_OVERRIDE_ENV];
    await indexNow.close();
    await services.close();
  });
  beforeEach(async () => {
    if (skip) return;
    indexNow.received.length = 0;
    indexNow.holdMs = 0;
    indexNow.maxInFlight = 0;
    services.reset();
    await db().deleteFrom('blocked_sites').where('owner_id', '=', ann.id).execute();
  });

  /** An indexer project of Ann submitting a new link set of `links` to these engines (site ids), every engine ticked, never run. */
  async function indexerProject(links: TestLink[], engineSiteIds: number[], campaignId?: number) {
    const linkSet = await buildLinkSet(db(), { ownerId: ann.id, links, ...(campaignId === undefined ? {} : { campaignId }) });
    const projectId = await buildProject(db(), { ownerId: ann.id, campaignId: linkSet.campaignId, module: 'Indexer', settings: JSON.stringify({ linkSetId: linkSet.id }) });
    await buildProjectSites(db(), { ownerId: ann.id, projectId }, engineSiteIds.map((siteId) => ({ key: `Indexer:${siteId}`, checked: true })));
    return { projectId, campaignId: linkSet.campaignId };
  }
  const start = async (projectId: number) => expect((await ann.agent.request('GET', `/action/start/project/${projectId}`)).statusCode).toBe(200);
  const projectRow = (id: number) => db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  const ended = (projectId: number, boundMs?: number) => until(`project ${projectId} to end`, async () => {
    const row = await projectRow(projectId);
    return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? row : undefined;
  }, boundMs);
  const postsOf = (projectId: number) => db().selectFrom('engine_posts').select(['id', 'run_id', 'site_key', 'state', 'start_after', 'updated_at'])
    .where('project_id', '=', projectId).orderBy('id').execute();
  /** The latest run's post of the project to that engine once the engine has paced it (sent it back with a start time). */
  const pacedPost = (projectId: number, siteKey: string) => until(`the submission of project ${projectId} to ${siteKey} to be paced`, async () => {
    const post = (await postsOf(projectId)).filter((row) => row.site_key === siteKey).at(-1);
    return post && post.state === 'planned' && post.start_after !== null ? post : undefined;
  });
  const submitted = () => indexNow.received.flatMap((request) => request.urlList);

  it.skipIf(skip)('a started indexer project submits its links and the extra domains, and a blocked site is never submitted for', async () => {
    await saveOptions(db(), ann.id, { additionalSitesToIndexedByLinkLoomIndexer: 'extra.example.test\nhttps://blocked.example.test/home' });
    expect((await ann.agent.request('POST', '/rest/blocked_sites', { body: ['www.blocked.example.test'] })).statusCode).toBe(200);
    const project = await indexerProject([
      { url: 'https://a.example.test/1' }, { url: 'https://shop.blocked.example.test/x' }, { url: 'https://blocked.example.test/y' }, { url: 'https://a.example.test/2' },
    ], [2]);

    await start(project.projectId);
    expect(await ended(project.projectId)).toEqual({ status: 'COMPLETED', last_error: '[]' });
    expect([...submitted()].sort()).toEqual(['https://a.example.test/1', 'https://a.example.test/2', 'https://extra.example.test/']);
    expect(indexNow.received.map((request) => request.host).sort()).toEqual(['a.example.test', 'extra.example.test']);
  });

  it.skipIf(skip)('a run waits the options\' delay before submitting again to an engine, and keeps the daily limit per engine', async () => {
    await saveOptions(db(), ann.id, { additionalSitesToIndexedByLinkLoomIndexer: 'extra.example.test', linkLoomIndexerAccountDelay: 7, linkLoomIndexerDailySubmissionPerAccount: 25 });
    const first = await indexerProject([{ url: 'https://a.example.test/1' }], [2]);
    await start(first.projectId);
    expect((await ended(first.projectId)).status).toBe('COMPLETED');
    const [published] = await postsOf(first.projectId);
    expect(published).toMatchObject({ site_key: 'Indexer:2', state: 'published' });
    expect(indexNow.received.map((request) => request.host).sort()).toEqual(['a.example.test', 'extra.example.test']);

    // The same project again: its submission to Bing waits 7 minutes after the last one, and sends nothing meanwhile.
    await start(first.projectId);
    const delayed = await pacedPost(first.projectId, 'Indexer:2');
    expect(delayed.run_id).not.toBe(published!.run_id);
    expect(Number(delayed.start_after)).toBe(Number(published!.updated_at) + 7 * MINUTE_MS);
    expect((await projectRow(first.projectId)).status).toBe('RUNNING');

    // One submission a day per engine: another project's submission to Bing waits a day; to Yandex it goes.
    await saveOptions(db(), ann.id, { linkLoomIndexerDailySubmissionPerAccount: 1 });
    const second = await indexerProject([{ url: 'https://b.example.test/1' }], [2, 3], first.campaignId);
    await start(second.projectId);
    const limited = await pacedPost(second.projectId, 'Indexer:2');
    expect(Number(limited.start_after)).toBe(Number(published!.updated_at) + DAY_MS);
    await until('the submission to Yandex', async () => (await postsOf(second.projectId)).some((row) => row.site_key === 'Indexer:3' && row.state === 'published'));
    // Only the first run's requests and the Yandex submission's: the paced ones sent nothing.
    expect(indexNow.received.slice(2).map((request) => request.host).sort()).toEqual(['b.example.test', 'extra.example.test']);
    expect((await projectRow(second.projectId)).status).toBe('RUNNING');
  });

  it.skipIf(skip)('a run never has more submissions in flight than the tab\'s indexer threads', async () => {
    await saveOptions(db(), ann.id, { additionalSitesToIndexedByLinkLoomIndexer: '', maxIndexerThreads: 2, linkLoomIndexerDailySubmissionPerAccount: 25 });
    // Each engine takes its time to answer: submissions that go together overlap at the stand-in.
    indexNow.holdMs = 1000;
    const engines = [1, 2, 3, 4, 5, 6];
    const project = await indexerProject([{ url: 'https://threads.example.test/1' }], engines);
    await start(project.projectId);
    expect(await ended(project.projectId, 60_000)).toEqual({ status: 'COMPLETED', last_error: '[]' });
    expect(indexNow.received.filter((request) => request.host === 'threads.example.test')).toHaveLength(engines.length);
    // Two at once, never more (the cap, not one at a time).
    expect(indexNow.maxInFlight).toBe(2);
  });

  it.skipIf(skip)('an indexing service gets the published posts of a content run except those on a blocked site', async () => {
    const world = await buildPrivateProjectWorld(db(), ann.id, [
      { url: 'http://blog-one.example.test', username: 'admin', password: 'app password' },
      { url: 'http://blog-two.example.test', username: 'admin', password: 'app password' },
    ]);
    await db().updateTable('projects').set({ settings: JSON.stringify({ ...world.form, useIndexers: true, indexers: ['SpeedyIndex'] }), status: 'RUNNING' })
      .where('id', '=', world.projectId).execute();
    const now = Date.now();
    const run = await db().insertInto('project_runs').values({
      owner_id: ann.id, project_id: world.projectId, state: 'running', started_at: now, created_at: now, posts_planned: 2, posts_done: 2,
    }).returning('id').executeTakeFirstOrThrow();
    const urls = world.sites.map((site, index) => `${site.url}/post-${index + 1}/`);
    for (const [index, site] of world.sites.entries()) {
      await db().insertInto('engine_posts').values({
        owner_id: ann.id, project_id: world.projectId, run_id: run.id, site_key: site.key, seq: 1, idempotency_key: `p${world.projectId}-r${run.id}-s${site.id}-n1`,
        state: 'published', remote_url: urls[index], remote_id: String(index + 1), created_at: now, updated_at: now,
      }).execute();
    }
    expect((await ann.agent.request('POST', '/rest/blocked_sites', { body: ['blog-two.example.test'] })).statusCode).toBe(200);

    await settleRun(ctx.server.context, ann.id, run.id);
    const [request] = await until('SpeedyIndex to be asked', async () => {
      const asked = services.requests.filter((seen) => seen.path === SPEEDY_PATH);
      return asked.length > 0 ? asked : undefined;
    });
    expect((JSON.parse(request!.body) as { urls: string[] }).urls).toEqual([urls[0]]);
    expect((await projectRow(world.projectId)).status).toBe('COMPLETED');
  });
});
