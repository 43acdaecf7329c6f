/**
 * The runner on both databases, with sites that cannot be reached (the real publishing is proven
 * against WordPress in test/integration/engine-private-project.test.ts): Start → STARTING →
 * RUNNING → FAILED with a line per site after the options' retries; plans a user must fix;
 * maxConcurrentProjects; a paused campaign holding its posts; Stop; the run-finished listeners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_FORM_MESSAGES, PROJECT_LIFECYCLE_MESSAGES, describeRunProgress, type RunProgress } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { freePort } from '../support/server-process';
import { buildPrivateProjectWorld, type PrivateProjectWorld } from '../support/engine-world';
import { saveOptions } from '../../src/features/options/options.repository';
import { onRunFinished, type RunFinished } from '../../src/engine/runner/run-events';
import { startProjectRun } from '../../src/engine/runner/start-project-run';
import { PLAN_MESSAGES } from '../../src/engine/runner/plan-run';
import { siteProgress, writeSiteProgress } from '../../src/engine/runner/site-progress';
import { untilWithin } from '../support/until';

const until = untilWithin(25_000);

describe.each(DATABASES)('the engine runner on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip, { withLive: true, startEngine: true });
  const { ann, bob, liveInbox } = useTwoUsers(ctx, skip, { listen: true });
  const db = () => ctx.server.database.db;
  const finished: RunFinished[] = [];
  let stopListening = () => undefined as void;
  let deadBlogs: { url: string; username: string; password: string }[] = [];

  beforeAll(async () => {
    if (skip) return;
    stopListening = onRunFinished(async (_ctx, event) => {
      finished.push(event);
    });
    // Nothing listens on these ports: every post fails fast with "connection refused".
    deadBlogs = [await freePort(), await freePort()].map((port) => ({ url: `http://127.0.0.1:${port}`, username: 'admin', password: 'app password' }));
    await saveOptions(db(), ann.id, { maxNumberOfRetries: 1, timeToWaitBeforeRetry: 1, maxConcurrentProjects: 1 });
  });
  afterAll(() => stopListening());

  const project = async (id: number) => db().selectFrom('projects').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
  const statusOf = async (id: number) => (await project(id)).status;
  const ended = (id: number) => until(`project ${id} to end`, async () => {
    const row = await project(id);
    return ['COMPLETED', 'FAILED', 'STOPPED'].includes(row.status) ? { status: row.status, lastError: JSON.parse(row.last_error) as string[] } : undefined;
  });
  const start = (id: number) => ann.agent.request('GET', `/action/start/project/${id}`);
  const world = (options: Parameters<typeof buildPrivateProjectWorld>[3] = {}) => buildPrivateProjectWorld(db(), ann.id, deadBlogs, options);
  const sitesOf = (w: PrivateProjectWorld) => db().selectFrom('project_sites').select(['site_key', 'status', 'wait_info']).where('project_id', '=', w.projectId).orderBy('id').execute();

  it.skipIf(skip)('runs STARTING → RUNNING → FAILED: one post per site, retried per the options, a line per site a user can act on', async () => {
    const w = await world();
    const inbox = await liveInbox(ann.agent, `project/${w.projectId}`);
    const response = await start(w.projectId);
    expect(response.json()).toMatchObject({ id: w.projectId, status: 'STARTING', lastError: [] });

    const end = await ended(w.projectId);
    expect(end.status).toBe('FAILED');
    expect(end.lastError).toEqual(deadBlogs.map((blog) => expect.stringContaining(`Could not reach ${blog.url} (connection refused)`)));
    const run = await db().selectFrom('project_runs').selectAll().where('project_id', '=', w.projectId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ owner_id: ann.id, state: 'failed', posts_planned: 2, posts_done: 0, posts_failed: 2 });
    expect(JSON.parse(run.last_error)).toEqual(end.lastError);
    const posts = await db().selectFrom('engine_posts').selectAll().where('run_id', '=', run.id).orderBy('id').execute();
    // Keys start with the installation's random id (migration 0020).
    const { id: installation } = await db().selectFrom('installation').select('id').executeTakeFirstOrThrow();
    expect(installation).toMatch(/^[0-9a-f]{16}$/);
    expect(posts.map((post) => [post.state, post.attempts, post.idempotency_key])).toEqual(
      w.sites.map((site) => ['failed', 2, `i${installation}-p${w.projectId}-r${run.id}-s${site.id}-n1`]),
    );
    // The article's use was given back: no post appeared.
    const used = await db().selectFrom('articles').select('usage_count').where('content_group_id', '=', w.contentGroupId).execute();
    expect(used.every((article) => article.usage_count === 0)).toBe(true);
    expect((await sitesOf(w)).map((site) => [site.status, site.wait_info])).toEqual([['FAILED', '0 of 1 posts, 1 failed'], ['FAILED', '0 of 1 posts, 1 failed']]);

    await until('the live messages', async () => inbox.messages.some((m) => m.name === 'projectStatusChanged' && (m.payload as { status: string }).status === 'FAILED'));
    const statuses = inbox.messages.filter((m) => m.name === 'projectStatusChanged').map((m) => (m.payload as { status: string }).status);
    expect(statuses).toEqual(['STARTING', 'RUNNING', 'FAILED']);
    const siteStatuses = inbox.messages.filter((m) => m.name === 'siteStatusChanged').flatMap((m) => (m.payload as { sites: { status: string }[] }).sites.map((s) => s.status));
    expect(siteStatuses[0]).toBe('RUNNING');
    expect(siteStatuses.at(-1)).toBe('FAILED');
    // Each attempt, retry and wait is told as it happens (issue 11.4): per site attempt 1 of 2, retry 1 of 1 in about a second, attempt 2 of 2.
    for (const blog of deadBlogs) {
      const progress = inbox.messages.filter((m) => m.name === 'runProgress' && (m.payload as RunProgress).site === blog.url).map((m) => m.payload as RunProgress);
      expect(progress.map((p) => [p.projectId, p.step, p.number, p.of])).toEqual([[w.projectId, 'attempt', 1, 2], [w.projectId, 'retry', 1, 1], [w.projectId, 'attempt', 2, 2]]);
      expect(progress[1]!.dueAt).toBeGreaterThan(Date.now() - 60_000);
      expect(describeRunProgress(progress[1]!, progress[1]!.dueAt! - 1000)).toBe(`${blog.url.replace('http://', '')}: retry 1 of 1 in 1 s`);
    }
    // The listeners run after the status is published (the scheduler's and the indexing services'
    // first, each reading the database), so the event may land a moment after the live message.
    await until('the run-finished event', async () => finished.some((event) => event.runId === run.id));
    expect(finished).toContainEqual({ ownerId: ann.id, projectId: w.projectId, runId: run.id, status: 'FAILED' });

    // Started again: a new run, a new key per post.
    expect((await start(w.projectId)).json().status).toBe('STARTING');
    await ended(w.projectId);
    const runs = await db().selectFrom('project_runs').select('id').where('project_id', '=', w.projectId).execute();
    expect(runs).toHaveLength(2);
  });

  it.skipIf(skip)('fails a run started without a person (a schedule) at once, with the message to act on, when there is nothing it can post', async () => {
    const noSites = await world();
    await db().updateTable('project_sites').set({ checked: 0 }).where('project_id', '=', noSites.projectId).execute();
    const noArticles = await world();
    await db().deleteFrom('articles').where('content_group_id', '=', noArticles.contentGroupId).execute();
    const sitesGone = await world();
    await db().deleteFrom('private_sites').where('private_network_id', '=', sitesGone.networkId).execute();
    const accountCreation = await db().insertInto('projects').values({ owner_id: ann.id, campaign_id: noSites.campaignId, name: 'AC', module: 'AccountCreation', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow();

    // A person's Start refuses these with the list (project-actions.test.ts); a scheduled start runs them.
    for (const id of [noSites.projectId, noArticles.projectId, sitesGone.projectId, accountCreation.id]) {
      expect((await start(id)).statusCode).toBe(422);
      expect((await startProjectRun(ctx.server.context, ann.id, id, { from: ['NEW'] })).status).toBe('STARTING');
    }
    expect(await ended(noSites.projectId)).toEqual({ status: 'FAILED', lastError: [PROJECT_FORM_MESSAGES.sitesRequired] });
    const group = await db().selectFrom('content_groups').select('name').where('id', '=', noArticles.contentGroupId).executeTakeFirstOrThrow();
    expect(await ended(noArticles.projectId)).toEqual({ status: 'FAILED', lastError: [PLAN_MESSAGES.noArticles(group.name)] });
    expect(await ended(sitesGone.projectId)).toEqual({ status: 'FAILED', lastError: [PLAN_MESSAGES.sitesGone] });
    expect(await ended(accountCreation.id)).toEqual({ status: 'FAILED', lastError: [PROJECT_FORM_MESSAGES.acProfileRequired] });
  });

  it.skipIf(skip)('waits in STARTING while the user has maxConcurrentProjects RUNNING, then runs', async () => {
    const busy = await world();
    await db().updateTable('projects').set({ status: 'RUNNING' }).where('id', '=', busy.projectId).execute();
    const w = await world();
    expect((await start(w.projectId)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await statusOf(w.projectId)).toBe('STARTING');
    expect(await db().selectFrom('engine_posts').select('id').where('project_id', '=', w.projectId).execute()).toEqual([]);
    await db().updateTable('projects').set({ status: 'COMPLETED' }).where('id', '=', busy.projectId).execute();
    expect((await ended(w.projectId)).status).toBe('FAILED');
  });

  it.skipIf(skip)('holds the posts of a paused campaign without counting attempts; resume continues', async () => {
    const w = await world();
    const inbox = await liveInbox(ann.agent, `project/${w.projectId}`);
    await db().updateTable('campaigns').set({ campaign_status: 'PAUSED' }).where('id', '=', w.campaignId).execute();
    expect((await start(w.projectId)).statusCode).toBe(200);
    await until('RUNNING', async () => (await statusOf(w.projectId)) === 'RUNNING');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const held = await db().selectFrom('engine_posts').select(['state', 'attempts']).where('project_id', '=', w.projectId).execute();
    expect(held).toEqual([{ state: 'planned', attempts: 0 }, { state: 'planned', attempts: 0 }]);
    // The screen hears that the posts wait, and until when.
    const waits = inbox.messages.filter((m) => m.name === 'runProgress').map((m) => m.payload as RunProgress);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits.every((p) => p.step === 'wait' && p.projectId === w.projectId && p.dueAt !== null && p.dueAt > Date.now() - 5_000)).toBe(true);
    await db().updateTable('campaigns').set({ campaign_status: 'ACTIVE' }).where('id', '=', w.campaignId).execute();
    expect((await ended(w.projectId)).status).toBe('FAILED');
  });

  it.skipIf(skip)('Stop cancels the planned posts and ends STOPPED; no post starts afterwards', async () => {
    // Spread over 3 days: after the first post of the run everything waits for hours.
    const w = await world({ schedule: { scheduleType: 'FixedDate', startDate: '01/01/2020 10:00', durationType: 'Spread', nDay: 3, numberOfPosts: 3 } });
    expect((await start(w.projectId)).statusCode).toBe(200);
    await until('the posts to be planned', async () => (await statusOf(w.projectId)) === 'RUNNING');
    const planned = await db().selectFrom('engine_posts').select(['start_after']).where('project_id', '=', w.projectId).orderBy('id').execute();
    expect(planned).toHaveLength(6);
    expect(planned.slice(1).every((post) => post.start_after !== null && post.start_after > Date.now() + 3600_000)).toBe(true);

    const stopped = await ann.agent.request('GET', `/action/stop/project/${w.projectId}`);
    expect(stopped.json().status).toBe('STOPPING');
    expect((await ended(w.projectId)).status).toBe('STOPPED');
    const states = (await db().selectFrom('engine_posts').select('state').where('project_id', '=', w.projectId).orderBy('id').execute()).map((p) => p.state);
    expect(states.slice(1)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await db().selectFrom('project_runs').select('state').where('project_id', '=', w.projectId).executeTakeFirstOrThrow()).toEqual({ state: 'stopped' });
    const finalRows = await sitesOf(w);
    expect(finalRows.every((site) => site.status !== 'RUNNING')).toBe(true);
    // A post that read its site's counts before the Stop and writes them after the run ended
    // (the race CI met on PostgreSQL) changes nothing: the run's final rows stay.
    const { id: runId } = await db().selectFrom('project_runs').select('id').where('project_id', '=', w.projectId).executeTakeFirstOrThrow();
    await writeSiteProgress(ctx.server.context, ann.id, w.projectId, finalRows.map((site) => siteProgress(site.site_key, { planned: 1 })), runId);
    expect(await sitesOf(w)).toEqual(finalRows);
    const again = await ann.agent.request('GET', `/action/stop/project/${w.projectId}`);
    expect(again.json().error.message).toBe(PROJECT_LIFECYCLE_MESSAGES.notStoppable('STOPPED'));
  });

  it.skipIf(skip)("starts only from the statuses the caller names, and never another user's project", async () => {
    const w = await world();
    await expect(startProjectRun(ctx.server.context, ann.id, w.projectId, { from: ['SCHEDULED'] })).rejects.toMatchObject({
      statusCode: 409, message: PROJECT_LIFECYCLE_MESSAGES.notStartable('NEW'),
    });
    await expect(startProjectRun(ctx.server.context, bob.id, w.projectId, { from: ['NEW'] })).rejects.toMatchObject({ statusCode: 404 });
    expect((await bob.agent.request('GET', `/action/start/project/${w.projectId}`)).statusCode).toBe(404);
    expect(await statusOf(w.projectId)).toBe('NEW');
    expect(await db().selectFrom('project_runs').select('id').where('project_id', '=', w.projectId).execute()).toEqual([]);
  });
});
