/**
 * "Use indexing service" of content projects on both databases: when a run has ended (settleRun, as
 * the last post.publish leaves it), indexing.submit sends the run's published post URLs to each
 * chosen service (a local stand-in following each service's documentation, through
 * INDEXING_SERVICES_BASE_URL_OVERRIDE) with the user's key; refusals become warning lines in the
 * run's and project's lastError while the project stays COMPLETED; busy services are tried again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settleRun } from '../../src/engine/runner/settle-run';
import { BASE_URL_OVERRIDE_ENV } from '../../src/engine/indexing-services/service-http';
import { saveOptions } from '../../src/features/options/options.repository';
import { DATABASES } from '../support/databases';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { SPEEDY_PATH, GIGA_PATH, startIndexingServicesStandIn, type IndexingServicesStandIn } from '../support/indexing-services-stand-in';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { untilWithin } from '../support/until';

const BLOGS = [
  { url: 'http://blog-one.example.test', username: 'admin', password: 'app password' },
  { url: 'http://blog-two.example.test', username: 'admin', password: 'app password' },
];

const until = untilWithin(20_000);

describe.each(DATABASES)('indexing services after a content run on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { startEngine: true });
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  let standIn: IndexingServicesStandIn;

  beforeAll(async () => {
    if (skip) return;
    standIn = await startIndexingServicesStandIn();
    process.env[BASE_URL_OVERRIDE_ENV] = standIn.url;
    await saveOptions(db(), ann.id, {
      maxNumberOfRetries: 2, timeToWaitBeforeRetry: 1,
      indexer: { SpeedyIndex: 'speedy-key', OmegaIndexer: 'omega-key', GigaIndexer: 'me@example.test:not the key' },
    });
  });
  afterAll(async () => {
    if (skip) return;
    delete process.env[BASE_URL_OVERRIDE_ENV];
    await standIn.close();
  });
  beforeEach(() => standIn?.reset());

  /** A private project RUNNING a run whose posts (one per site) are published, as the last post.publish leaves it before settling. */
  async function publishedRun(ownerId: number, form: { useIndexers: boolean; indexers: string[] }, published = true) {
    const world = await buildPrivateProjectWorld(db(), ownerId, BLOGS);
    await db().updateTable('projects').set({ settings: JSON.stringify({ ...world.form, ...form }), status: 'RUNNING' }).where('id', '=', world.projectId).execute();
    const now = Date.now();
    const run = await db().insertInto('project_runs').values({
      owner_id: ownerId, project_id: world.projectId, state: 'running', started_at: now, created_at: now, posts_planned: BLOGS.length, posts_done: BLOGS.length,
    }).returning('id').executeTakeFirstOrThrow();
    const urls = world.sites.map((site, index) => `${site.url}/run-${run.id}-post-${index + 1}/`);
    for (const [index, site] of world.sites.entries()) {
      await db().insertInto('engine_posts').values({
        owner_id: ownerId, project_id: world.projectId, run_id: run.id, site_key: site.key, seq: 1, idempotency_key: `p${world.projectId}-r${run.id}-s${site.id}-n1`,
        state: published ? 'published' : 'cancelled', remote_url: published ? urls[index] : null, remote_id: published ? String(index + 1) : null, created_at: now, updated_at: now,
      }).execute();
    }
    const project = await db().selectFrom('projects').select('name').where('id', '=', world.projectId).executeTakeFirstOrThrow();
    return { projectId: world.projectId, runId: run.id, urls, name: project.name };
  }

  const projectRow = (id: number) => db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  const runRow = (id: number) => db().selectFrom('project_runs').select(['state', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  const lastError = async (projectId: number) => JSON.parse((await projectRow(projectId)).last_error) as string[];
  const requestsTo = (path: string) => standIn.requests.filter((request) => request.path === path);

  it.skipIf(skip)('submits the published URLs to each chosen service once the run has ended; refusals are warnings, the project stays COMPLETED', async () => {
    const run = await publishedRun(ann.id, { useIndexers: true, indexers: ['SpeedyIndex', 'GigaIndexer', 'Linkdexing'] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standIn.requests).toEqual([]);

    await settleRun(ctx.server.context, ann.id, run.runId);
    expect((await projectRow(run.projectId)).status).toBe('COMPLETED');
    const [speedy] = await until('SpeedyIndex to be asked', async () => (requestsTo(SPEEDY_PATH).length > 0 ? requestsTo(SPEEDY_PATH) : undefined));
    expect(speedy!.headers.authorization).toBe('speedy-key');
    expect(JSON.parse(speedy!.body)).toEqual({ title: `LinkLoom: ${run.name} (run ${run.runId})`, urls: run.urls });

    const warnings = await until('the warnings', async () => {
      const lines = await lastError(run.projectId);
      return lines.length === 2 ? lines : undefined;
    });
    expect([...warnings].sort()).toEqual([
      'Warning, indexing service Giga Indexer: GigaIndexer refused the API key (401: The provided password is an invalid application password.): check the GigaIndexer API key on the Options screen, Indexer tab. The posts are published; only their submission to Giga Indexer failed.',
      'Warning, indexing service Linkdexing: LinkLoom cannot submit to Linkdexing yet (no public API documentation to build on): choose one of IndexNow, SpeedyIndex, Omega Indexer, Giga Indexer on the project\'s Indexer tab. The posts are published; only their submission to Linkdexing failed.',
    ]);
    expect(requestsTo(GIGA_PATH)).toHaveLength(1);
    expect((await projectRow(run.projectId)).status).toBe('COMPLETED');
    expect(await runRow(run.runId)).toEqual({ state: 'completed', last_error: JSON.stringify(warnings) });
    const screen = (await ann.agent.request('GET', `/rest/campaign/${(await db().selectFrom('projects').select('campaign_id').where('id', '=', run.projectId).executeTakeFirstOrThrow()).campaign_id}`)).json();
    expect(JSON.stringify(screen)).toContain('Warning, indexing service Giga Indexer');
  });

  it.skipIf(skip)('tries a busy service again after timeToWaitBeforeRetry, and gives up with a warning after maxNumberOfRetries', async () => {
    standIn.script(SPEEDY_PATH, { body: '{"code":2}' });
    const recovered = await publishedRun(ann.id, { useIndexers: true, indexers: ['SpeedyIndex'] });
    await settleRun(ctx.server.context, ann.id, recovered.runId);
    await until('the second try', async () => requestsTo(SPEEDY_PATH).length === 2);
    const [first, second] = requestsTo(SPEEDY_PATH);
    expect(JSON.parse(second!.body)).toEqual(JSON.parse(first!.body));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await lastError(recovered.projectId)).toEqual([]);

    standIn.requests.length = 0;
    standIn.script(SPEEDY_PATH, ...[1, 2, 3].map(() => ({ status: 429, body: '', headers: { 'retry-after': '1' } })));
    const busy = await publishedRun(ann.id, { useIndexers: true, indexers: ['SpeedyIndex'] });
    await settleRun(ctx.server.context, ann.id, busy.runId);
    expect(await until('the warning', async () => {
      const lines = await lastError(busy.projectId);
      return lines.length > 0 ? lines : undefined;
    })).toEqual([
      'Warning, indexing service SpeedyIndex: SpeedyIndex is limiting requests (429 Too Many Requests) (gave up after 3 tries). The posts are published; only their submission to SpeedyIndex failed.',
    ]);
    expect(requestsTo(SPEEDY_PATH)).toHaveLength(3);
    expect((await projectRow(busy.projectId)).status).toBe('COMPLETED');
  });

  it.skipIf(skip)("uses the run owner's keys only, and sends nothing when there is nothing to submit", async () => {
    const bobs = await publishedRun(bob.id, { useIndexers: true, indexers: ['OmegaIndexer'] });
    const notAsked = await publishedRun(ann.id, { useIndexers: false, indexers: ['OmegaIndexer'] });
    const nothingPublished = await publishedRun(ann.id, { useIndexers: true, indexers: ['OmegaIndexer'] }, false);
    for (const run of [bobs, notAsked, nothingPublished]) await settleRun(ctx.server.context, run === bobs ? bob.id : ann.id, run.runId);

    expect(await until('the missing key warning', async () => {
      const lines = await lastError(bobs.projectId);
      return lines.length > 0 ? lines : undefined;
    })).toEqual([
      'Warning, indexing service Omega Indexer: there is no Omega Indexer API key: add it on the Options screen, Indexer tab, for the next runs. The posts are published; only their submission to Omega Indexer failed.',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(standIn.requests).toEqual([]);
    expect((await projectRow(notAsked.projectId)).status).toBe('COMPLETED');
    expect(await lastError(notAsked.projectId)).toEqual([]);
    expect(await lastError(nothingPublished.projectId)).toEqual([]);
  });
});
